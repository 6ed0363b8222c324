/** TensorBoard event files: a file or a run directory as a Table, and the pieces `watch` reads records with. */
export { eventFilesIn, openEventsTable, type EventsTableOptions } from './events-table.js';
export { isTfRecordStart, recordAt } from './tfrecord.js';
export { decodeEvent, type DecodedEvent } from './event-decoder.js';
export { areSplits, mergeSplits, severalRuns, tensorboardRunsIn } from './log-dir.js';
