/**
 * The site as files: index.html, then per experiment and fingerprint `<name>.html` and `<name>.csv`
 * (every run of the page, as `history export` writes them). Pages are built and written one at a time,
 * so memory holds one page's text, not the site's (and, for the index, each group's trend). Links are relative: the folder works from file:// and from
 * any path of a web server (GitHub Pages serves it under /<repo>/). A rebuild into the same folder removes
 * the pages it wrote before that are gone now, and nothing else (site-files.ts).
 *
 * Each file is written whole or not at all (src/write-file.ts: a temporary name in the folder, renamed),
 * never through a symlink (one in a page's place is replaced, and a warning says so), so a build killed
 * at any point leaves every page of the folder whole, the old site's or the new one's. The list of the
 * build's files is written first as what the folder may hold once the build is done (the last list and
 * this build's names together), so a killed build leaves no file of its own unlisted, and again last,
 * once the new site is whole, as exactly what it wrote.
 */
import type { ProgressSink } from '../progress/index.js';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { HistoryRecord } from '../model.js';
import { historyCsv } from '../report/history-csv.js';
import { isLeftoverOf, replacedLinkWarning, writeFileAtomic } from '../write-file.js';
import { groupRuns } from './collect.js';
import { experimentPage, type PageOptions } from './experiment-page.js';
import { indexPage } from './index-page.js';
import { previousSiteFiles, removeStale, SITE_FILES, siteFilesText } from './site-files.js';
import { groupTrend, type SiteContext } from './trend.js';

export interface SiteOptions extends SiteContext, Partial<PageOptions> {
  title?: string;
  /** When the site was made (ISO 8601), shown on the index. */
  generatedAt?: string;
  /** Where building a large site tells how far it is (its pages). */
  progress?: ProgressSink;
}

export interface SiteResult {
  pages: number;
  files: number;
  bytes: number;
  largest: { file: string; bytes: number };
  /** Pages and CSV files of the last build into the folder that this one no longer has, removed. */
  removed: number;
  /** Symlinks that stood where a file of the site goes, each replaced by the file (the target untouched). */
  warnings: string[];
}

export const DEFAULT_MAX_POINTS = 500;
export const DEFAULT_TABLE_ROWS = 30;

export async function writeSite(records: readonly HistoryRecord[], dir: string, o: SiteOptions): Promise<SiteResult> {
  await mkdir(dir, { recursive: true });
  const pageOptions: PageOptions = {
    maxPoints: o.maxPoints ?? DEFAULT_MAX_POINTS,
    tableRows: o.tableRows ?? DEFAULT_TABLE_ROWS,
  };
  const previous = await previousSiteFiles(dir);
  const groups = groupRuns(records);
  const planned = ['index.html', ...groups.flatMap((g) => [`${g.file}.html`, `${g.file}.csv`])];
  await removeLeftovers(dir, [...previous, ...planned, SITE_FILES]);
  const written = new Set<string>();
  const result: SiteResult = {
    pages: 0,
    files: 0,
    bytes: 0,
    largest: { file: '', bytes: 0 },
    removed: 0,
    warnings: [],
  };
  // A page needs no flush of its own: a killed build is what the rename guards against, and a machine that
  // loses power mid-build has the next build to write the site again.
  const write = async (file: string, text: string) => {
    const { replacedLink } = await writeFileAtomic(join(dir, file), text, { sync: false });
    if (replacedLink) result.warnings.push(`site: ${replacedLinkWarning(join(dir, file))}`);
  };
  await write(SITE_FILES, siteFilesText(new Set([...previous, ...planned])));
  const put = async (file: string, text: string) => {
    const bytes = Buffer.byteLength(text);
    await write(file, text);
    written.add(file);
    result.files++;
    result.bytes += bytes;
    if (bytes > result.largest.bytes && file.endsWith('.html')) result.largest = { file, bytes };
  };
  const trends = [];
  const task = o.progress?.task(`building the site in ${dir}`, groups.length, 'pages');
  for (const group of groups) {
    const trend = groupTrend(group, o);
    await put(`${group.file}.html`, experimentPage(trend, pageOptions));
    await put(`${group.file}.csv`, historyCsv(group.records));
    result.pages++;
    trends.push(trend);
    task?.add(1);
  }
  task?.end();
  await put('index.html', indexPage(trends, o.title ?? 'Training metrics', o.generatedAt ?? new Date().toISOString()));
  result.pages++;
  // Only once the new site is whole: a build that fails half way leaves the old pages and their list.
  result.removed = await removeStale(dir, previous, written);
  await write(SITE_FILES, siteFilesText(written));
  return result;
}

/** The temporary files a killed build of these names left in the folder (write-file.ts names them). */
async function removeLeftovers(dir: string, names: readonly string[]): Promise<void> {
  const own = new Set(names);
  for (const entry of await readdir(dir)) {
    if (!entry.startsWith('.') || !entry.endsWith('.tmp')) continue;
    const file = [...own].find((f) => isLeftoverOf(entry, f));
    if (file) await rm(join(dir, entry), { force: true });
  }
}
