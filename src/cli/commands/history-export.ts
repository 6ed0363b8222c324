/** `history export [--experiment E] [--output FILE]`: the history as CSV (report/history-csv.ts), to stdout or a file. */
import { InputError } from '../../model.js';
import { historyCsv } from '../../report/history-csv.js';
import { replacedLinkWarning, writeFileAtomic } from '../../write-file.js';
import { historyFlags, openExisting, QUIET_SUBCOMMAND, type SubcommandIo } from '../history.js';

export async function historyExport(
  args: string[],
  env: NodeJS.ProcessEnv,
  tell: SubcommandIo = QUIET_SUBCOMMAND,
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
  const task = tell.progress(Boolean(flags.quiet)).task('exporting the history', records.length, 'records');
  const csv = historyCsv(records, () => task.add(1));
  task.end();
  if (!flags.output) return csv;
  const { replacedLink } = await writeFileAtomic(flags.output, csv).catch((e: NodeJS.ErrnoException) => {
    throw new InputError(flags.output!, null, `cannot write the CSV: ${e.code ?? e.message}`);
  });
  if (replacedLink) tell.warn(replacedLinkWarning(flags.output));
  return `exported ${records.length} run${records.length === 1 ? '' : 's'} to ${flags.output}`;
}
