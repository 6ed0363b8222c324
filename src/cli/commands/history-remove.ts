/** `history remove --experiment E --run ID`: delete one run's record (see select-run.ts for what ID matches). */
import { openHistory } from '../../store/index.js';
import { selectRun } from '../../store/select-run.js';
import { historyFlags } from '../history.js';
import { runWords, selectorFlags } from './history-run-flags.js';

export async function historyRemove(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const flags = historyFlags('remove', args, selectorFlags, ['history', 'experiment', 'run']);
  const store = openHistory(flags.history!, { env });
  let removed = '';
  await store.update((history) => {
    const i = selectRun(history, selector(flags), store.location);
    removed = runWords(history.runs[i]!);
    return { ...history, runs: history.runs.filter((_, j) => j !== i) };
  });
  return `removed ${removed} from ${store.location}`;
}

export function selector(flags: Record<string, string | undefined>) {
  return {
    experiment: flags.experiment!,
    id: flags.run!,
    ...(flags.fingerprint !== undefined ? { fingerprint: flags.fingerprint } : {}),
  };
}
