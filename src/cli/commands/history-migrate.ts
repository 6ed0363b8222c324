/** `history migrate --from A --to B`: copy a history between stores, verified by counts and checksums (store/migrate.ts). */
import { openHistory } from '../../store/index.js';
import { migrateHistory } from '../../store/migrate.js';
import { historyFlags } from '../history.js';

export async function historyMigrate(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const flags = historyFlags('migrate', args, { from: { type: 'string' }, to: { type: 'string' } }, ['from', 'to']);
  const from = openHistory(flags.from!, { env });
  const to = openHistory(flags.to!, { env });
  const r = await migrateHistory(from, to);
  const again = r.alreadyThere ? ` (${r.alreadyThere} of them were there already)` : '';
  return `migrated ${r.records} record${r.records === 1 ? '' : 's'} of ${r.experiments} experiment${r.experiments === 1 ? '' : 's'} from ${from.location} to ${to.location}${again}; read back and verified: ${r.records} records, sha256 ${r.digest}`;
}
