/**
 * `emit`, `record`, `check` and `post-comment`: flags → Options → run() → the JSON account (`--json`) →
 * exit code (0 pass, 1 regression, 2 bad input). Flags are the action's inputs, by the same names.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve as resolvePath } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { BISECT_SKIP } from '../../gate/bisect-verdict.js';
import { InputError } from '../../model.js';
import { type Command, githubContextFromEnv } from '../../options.js';
import { PARAMETERS, type RawValues, resolveOptions } from '../../parameters.js';
import { resultJson } from '../../result-json.js';
import { otlpSecrets } from '../../sinks/otlp/target.js';
import type { SecretRegistry } from '../../http/redact.js';
import { type Io, run } from '../../run.js';
import { historySecrets } from '../../store/postgres-url.js';
import { replacedLinkWarning, writeFileAtomic } from '../../write-file.js';

/** `io.secrets`, where given, learns the run's secrets before anything is printed. */
export async function runCommand(
  command: Command,
  args: string[],
  env: NodeJS.ProcessEnv,
  io: Io & { secrets?: SecretRegistry; showProgress?(env: NodeJS.ProcessEnv, quiet: boolean): void },
): Promise<number> {
  // Every message is redacted at its source; this is the net under that, for the file the CLI writes itself.
  const redact = (text: string): string => io.secrets?.redact(text) ?? text;
  // Under `git bisect run`, anything but a clean verdict is "skip" (125): exit 2 would read as "bad".
  const failed = command === 'check' && args.includes('--bisect') ? BISECT_SKIP : 2;
  let raw: RawValues;
  try {
    raw = parseRunFlags(args);
    // The history URL may hold a database password: masked before anything can print it.
    for (const s of historySecrets(typeof raw.history === 'string' ? raw.history : null, env)) io.secrets?.add(s);
  } catch (e) {
    io.error(`${(e as Error).message.split('\n')[0]} (see training-metrics-gate --help)`);
    return failed;
  }
  try {
    const opts = resolveOptions(command, raw, githubContextFromEnv(env), env, 'cli');
    for (const p of PARAMETERS) if (p.secret) io.secrets?.add(opts[p.key] as string | null);
    for (const s of otlpSecrets(opts.otlp)) io.secrets?.add(s);
    for (const s of otlpSecrets(opts.otlp)) io.secrets?.add(s);
    io.showProgress?.(env, opts.quiet);
    // Made before the run, so a bad --json path is found before anything is recorded.
    if (opts.json) await mkdir(dirname(resolvePath(opts.json)), { recursive: true }).catch(jsonError(opts.json));
    const result = await run(opts, io);
    if (opts.json) {
      const text = redact(`${JSON.stringify(resultJson(result, opts), null, 2)}\n`);
      const { replacedLink } = await writeFileAtomic(opts.json, text).catch(jsonError(opts.json));
      if (replacedLink) io.warn(replacedLinkWarning(opts.json));
    }
    return result.exitCode;
  } catch (e) {
    io.error(e instanceof InputError ? e.message : `internal error: ${(e as Error).stack ?? String(e)}`);
    return failed;
  }
}

/** One flag per parameter (`--no-<flag>` for each boolean), and `--pushgateway` for `--pushgateway-url`. */
export function parseRunFlags(args: string[]): RawValues {
  const options: ParseArgsConfig['options'] = {};
  for (const p of PARAMETERS) {
    options[p.name] = { type: p.kind === 'boolean' ? 'boolean' : 'string', multiple: p.kind === 'list' };
  }
  options.pushgateway = { type: 'string' }; // the short spelling in examples
  for (const p of PARAMETERS.filter((q) => q.kind === 'boolean')) options[`no-${p.name}`] = { type: 'boolean' };
  const parsed = parseArgs({ args, options, allowPositionals: false, strict: true });
  const raw: RawValues = { ...(parsed.values as RawValues) };
  if (raw.pushgateway && !raw['pushgateway-url']) raw['pushgateway-url'] = raw.pushgateway;
  for (const p of PARAMETERS.filter((q) => q.kind === 'boolean')) if (raw[`no-${p.name}`]) raw[p.name] = false;
  return raw;
}

const jsonError =
  (path: string) =>
  (e: NodeJS.ErrnoException): never => {
    throw new InputError(path, null, `cannot write the JSON report: ${e.code ?? e.message}`);
  };
