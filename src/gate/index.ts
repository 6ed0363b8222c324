/**
 * The regression gate: a run summary against its stored history → verdicts; and the history records
 * a run leaves behind. All pure; `src/stages/history.ts` adds the store's I/O around them.
 */
export { DEFAULT_GATE_CONFIG, type GateConfig } from './config.js';
export { judgeRun, type JudgeContext } from './judge.js';
export { judgeRecord } from './judge-record.js';
export { didYouMean, noComparableReason } from './no-comparable.js';
export { recordFromSummary, type RecordMeta } from './record.js';
export { shouldRecord, type RecordMode } from './policy.js';
export { runCompleteness } from './completeness.js';
export { type EnvironmentChange, environmentChanges } from './environment-change.js';
export { explainEnvironment, explainEnvironmentAt, NEAR_RUNS } from './environment-explain.js';
export {
  environmentFieldOrder,
  formatEnvironmentChanges,
  formatEnvironmentExplanation,
  formatEnvironmentValue,
  TOOL_FIELDS,
} from './environment-format.js';
