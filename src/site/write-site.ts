/**
 * The site as files: index.html, then per experiment and fingerprint `<name>.html` and `<name>.csv`
 * (every run of the page, as `history export` writes them). Pages are built and written one at a time,
 * so memory holds one page's text, not the site's (and, for the index, each group's trend). Links are relative: the folder works from file:// and from
 * any path of a web server (GitHub Pages serves it under /<repo>/). A rebuild into the same folder removes
 * the pages it wrote before that are gone now, and nothing else (site-files.ts).
 */
import type { ProgressSink } from '../progress/index.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HistoryRecord } from '../model.js';
import { historyCsv } from '../report/history-csv.js';
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
  const written = new Set<string>();
  const result: SiteResult = { pages: 0, files: 0, bytes: 0, largest: { file: '', bytes: 0 }, removed: 0 };
  const put = async (file: string, text: string) => {
    const bytes = Buffer.byteLength(text);
    await writeFile(join(dir, file), text);
    written.add(file);
    result.files++;
    result.bytes += bytes;
    if (bytes > result.largest.bytes && file.endsWith('.html')) result.largest = { file, bytes };
  };
  const trends = [];
  const groups = groupRuns(records);
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
  await writeFile(join(dir, SITE_FILES), siteFilesText(written));
  return result;
}
