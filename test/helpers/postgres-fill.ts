/**
 * A large history into a PostgreSQL store fast: the schema as the tool creates it (the first record
 * through the store's own append), then the rest in multi-row INSERTs of the store's own row statement
 * and values (src/store/postgres-rows.ts), 500 runs a statement. What a year of daily jobs would have
 * appended one by one, in seconds.
 */
import pg from 'pg';
import type { HistoryRecord } from '../../src/model.js';
import { openHistory } from '../../src/store/index.js';
import { INSERT_RUN, rowValues } from '../../src/store/postgres-rows.js';

export async function fillPostgres(url: string, records: Iterable<HistoryRecord>, max: number): Promise<number> {
  const it = records[Symbol.iterator]();
  const first = it.next();
  if (first.done) return 0;
  await openHistory(url).append([first.value], max);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  let count = 1;
  try {
    let batch: HistoryRecord[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const width = rowValues(batch[0]!).length;
      const values = batch.map(
        (_, i) => `(${Array.from({ length: width }, (_, k) => `$${i * width + k + 1}`).join(', ')})`,
      );
      await c.query(INSERT_RUN.replace(/VALUES \(.*\)$/s, `VALUES ${values.join(', ')}`), batch.flatMap(rowValues));
      count += batch.length;
      batch = [];
    };
    for (let n = it.next(); !n.done; n = it.next()) {
      batch.push(n.value);
      if (batch.length === 500) await flush();
    }
    await flush();
    await c.query('ANALYZE training_metrics_runs');
  } finally {
    await c.end();
  }
  return count;
}
