/**
 * The trend site: a static, self-contained folder of HTML pages from any history store, an index of
 * experiments and a page of charts per experiment and fingerprint (docs/site.md).
 */
export { writeSite, type SiteOptions, type SiteResult, DEFAULT_MAX_POINTS, DEFAULT_TABLE_ROWS } from './write-site.js';
export { groupRuns, type RunGroup } from './collect.js';
export { pageFile } from './page-name.js';
export { SITE_FILES } from './site-files.js';
export { groupTrend, type GroupTrend, type SiteContext } from './trend.js';
