/**
 * A separate writer process for the concurrency tests: appends `count` records named `<prefix>-<i>`, one
 * append per record, to the history named by `spec`, from the repository in the current directory.
 * Usage: node --import tsx test/helpers/append-history.ts <spec> <prefix> <count>
 */
import { openHistory } from '../../src/store/index.js';
import { sampleRecord } from './history-records.js';

const [spec, prefix, count] = process.argv.slice(2);
const store = openHistory(spec!, { cwd: process.cwd() });
for (let i = 0; i < Number(count); i++) {
  await store.append([sampleRecord(`${prefix}-${i}`)], 1000);
}
