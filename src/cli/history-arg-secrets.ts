/**
 * The database passwords a command line holds: every `--history`, `--from` and `--to` value (read before
 * the flags are parsed, so a bad flag's message cannot show one either), and PGPASSWORD.
 */
import { historySecrets } from '../store/postgres-url.js';

export function historyArgSecrets(args: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const specs = args.flatMap((a, i) => {
    const m = /^--(history|from|to)=(.*)$/s.exec(a);
    if (m) return [m[2]!];
    return /^--(history|from|to)$/.test(a) && args[i + 1] !== undefined ? [args[i + 1]!] : [];
  });
  return [...historySecrets(null, env), ...specs.flatMap((spec) => historySecrets(spec))];
}
