/**
 * `watch [flags] -- COMMAND [ARGS…]`: the flags are emit's and check's (the same table) plus watch's
 * own; everything after `--` is the command to run, passed on untouched.
 */
import { InputError } from '../../model.js';
import { githubContextFromEnv } from '../../options.js';
import { PARAMETERS, resolveOptions } from '../../parameters.js';
import { otlpSecrets } from '../../sinks/otlp/target.js';
import type { SecretRegistry } from '../../http/redact.js';
import type { Io } from '../../run.js';
import { parseRunFlags } from './run.js';

export async function watchCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  io: Io & { secrets?: SecretRegistry; showProgress?(env: NodeJS.ProcessEnv, quiet: boolean): void },
): Promise<number> {
  const dashes = args.indexOf('--');
  const flags = dashes < 0 ? args : args.slice(0, dashes);
  const command = dashes < 0 ? [] : args.slice(dashes + 1);
  let opts: ReturnType<typeof resolveOptions>;
  try {
    opts = resolveOptions('watch', parseRunFlags(flags), githubContextFromEnv(env), env, 'cli');
  } catch (e) {
    const message = e instanceof InputError ? e.message : (e as Error).message.split('\n')[0];
    io.error(`${message} (see training-metrics-gate --help)`);
    return 2;
  }
  for (const p of PARAMETERS) if (p.secret) io.secrets?.add(opts[p.key] as string | null);
  for (const s of otlpSecrets(opts.otlp)) io.secrets?.add(s);
  io.showProgress?.(env, opts.quiet);
  const { runWatch } = await import('../../watch/run-watch.js');
  try {
    return await runWatch(opts, command, io);
  } catch (e) {
    io.error(e instanceof InputError ? e.message : `internal error: ${(e as Error).stack ?? String(e)}`);
    return 2;
  }
}
