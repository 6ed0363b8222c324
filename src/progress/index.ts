/** Progress of long work (reading, sending, building) on stderr: src/progress/progress.ts says how. */
export { type ProgressSink, type ProgressTask, type Unit, Progress, SILENT } from './progress.js';
export { progressFromEnvironment } from './from-environment.js';
