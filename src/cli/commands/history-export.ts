/** `history export [--experiment E] [--output FILE]`: the history as CSV (report/history-csv.ts), to stdout or a file. */
import { writeFile } from 'node:fs/promises';
import { InputError } from '../../model.js';
import { type ProgressSink, SILENT } from '../../progress/index.js';
import { historyCsv } from '../../report/history-csv.js';
import { historyFlags, openExisting } from '../history.js';

export async function historyExport(
  args: string[],
  env: NodeJS.ProcessEnv,
  progress: (quiet: boolean) => ProgressSink = () => SILENT,
): Promise<string> {
  const flags = historyFlags(
    'export',
    args,
    {
      history: { type: 'string' },
      experiment: { type: 'string' },
      output: { type: 'string' },
      quiet: { type: 'boolean' },
    },
    ['history'],
  );
  const { runs } = await openExisting(flags.history!, env);
  const records = flags.experiment === undefined ? runs : runs.filter((r) => r.experiment === flags.experiment);
  const task = progress(Boolean(flags.quiet)).task('exporting the history', records.length, 'records');
  const csv = historyCsv(records, () => task.add(1));
  task.end();
  if (!flags.output) return csv;
  await writeFile(flags.output, csv).catch((e: NodeJS.ErrnoException) => {
    throw new InputError(flags.output!, null, `cannot write the CSV: ${e.code ?? e.message}`);
  });
  return `exported ${records.length} run${records.length === 1 ? '' : 's'} to ${flags.output}`;
}
