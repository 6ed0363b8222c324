/**
 * `history quarantine --experiment E --run ID [--reason TEXT]`: take a bad run out of every baseline and
 * keep its record for audit, with `quarantined: {at, reason}`. Quarantining a run already quarantined
 * changes nothing (its first time and reason stay).
 */
import { openHistory } from '../../store/index.js';
import { selectRun } from '../../store/select-run.js';
import { historyFlags } from '../history.js';
import { selector } from './history-remove.js';
import { runWords, selectorFlags } from './history-run-flags.js';

export async function historyQuarantine(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const flags = historyFlags('quarantine', args, { ...selectorFlags, reason: { type: 'string' } }, [
    'history',
    'experiment',
    'run',
  ]);
  const store = openHistory(flags.history!, { env });
  const at = new Date().toISOString();
  let said = '';
  await store.update((history) => {
    const i = selectRun(history, selector(flags), store.location);
    const r = history.runs[i]!;
    if (r.quarantined) {
      said = `${runWords(r)} was already quarantined at ${r.quarantined.at}; left as it is`;
      return history;
    }
    said = `quarantined ${runWords(r)} in ${store.location}: kept for audit, never part of a baseline`;
    const runs = [...history.runs];
    runs[i] = { ...r, quarantined: { at, reason: flags.reason ?? '' } };
    return { ...history, runs };
  });
  return said;
}
