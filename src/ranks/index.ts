/** A job whose ranks each wrote a file, read as one run: grouping, the per-step rule, stragglers and stalls. */
export { combineRanks, type RankCombine, rankCombine } from './combine.js';
export { groupRanks, type JobFiles, jobName, type RankFile, rankEntriesIn } from './group.js';
export {
  type MergedJob,
  mergeRankTables,
  RANK_IMBALANCE,
  type RankTable,
  rankImbalance,
  stepTimerColumn,
} from './merge-tables.js';
export { rankOf } from './rank-of.js';
export { STALL_SHARE, STRAGGLER_EXCESS, stallNotes } from './stragglers.js';
