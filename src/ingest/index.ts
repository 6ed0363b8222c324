/** The ingest stage: metrics files and run manifests in, streamed Tables out. */
export { isDirectory, openTable, type OpenTableOptions } from './open-table.js';
export { readManifest, type ManifestRun } from './manifest.js';
export { tableFromColumns } from './table-from-columns.js';
export { openRankTables, type RankTables } from './open-rank-tables.js';
export { rankColumnFilesIn } from './rank-column-files.js';
export { MAX_RANKS, RANK_FIELD } from './split-ranks.js';
export { METRICS_EXT } from './file.js';
export { collectTable, type CollectedTable } from './collect.js';
export { decodeEvent, recordAt } from './tensorboard/index.js';
