/** A simulated run (the gate bench's simulator) written as a metrics CSV, as a training job would write it. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NORMAL_RUN, type Rng, type RunSpec, simulateRun } from '../../bench/gate/simulate.js';

export async function writeSimulatedCsv(dir: string, name: string, spec: Partial<RunSpec>, rng: Rng): Promise<string> {
  const table = simulateRun(name, { ...NORMAL_RUN, ...spec }, rng).table;
  const lines = [['step', ...table.columns].join(',')];
  for await (const b of table.batches) {
    for (let i = 0; i < b.steps.length; i++)
      lines.push([b.steps[i], ...b.values.map((v) => (Number.isNaN(v[i]) ? 'nan' : String(v[i])))].join(','));
  }
  const path = join(dir, `${name}.csv`);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}
