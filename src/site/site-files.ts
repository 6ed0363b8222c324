/**
 * What a site's folder held from the last build: a list of the files `writeSite` wrote, kept beside them
 * (`.training-metrics-site.json`), so a rebuild removes the pages of experiments that are gone and never
 * a file it did not write (a CNAME, a README, another tool's output). A name in the list is used only
 * when it is a plain file name of the site's own kinds (`…html`, `…csv`, no path, no leading dot), so a
 * hand-edited or hostile list cannot reach outside the folder.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const SITE_FILES = '.training-metrics-site.json';

const OWN_NAME = /^[A-Za-z0-9_+-][A-Za-z0-9_.+-]*\.(html|csv)$/;

/** The files the last build wrote, as far as they can be trusted; none when there is no list. */
export async function previousSiteFiles(dir: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(join(dir, SITE_FILES), 'utf8');
  } catch {
    return [];
  }
  try {
    const list = (JSON.parse(text) as { files?: unknown }).files;
    if (!Array.isArray(list)) return [];
    return [...new Set(list.filter((f): f is string => typeof f === 'string' && OWN_NAME.test(f)))];
  } catch {
    return [];
  }
}

/** Remove what the last build wrote and this one did not; the count removed. */
export async function removeStale(
  dir: string,
  previous: readonly string[],
  written: ReadonlySet<string>,
): Promise<number> {
  let removed = 0;
  for (const file of previous) {
    if (written.has(file)) continue;
    await rm(join(dir, file), { force: true });
    removed++;
  }
  return removed;
}

export function siteFilesText(written: ReadonlySet<string>): string {
  return `${JSON.stringify({ files: [...written].sort() }, null, 1)}\n`;
}
