/**
 * The `training-metrics-gate` command: flags → Options → run() → exit code
 * (0 pass, 1 regression, 2 bad input). Flags are named like the action's inputs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve as resolvePath } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { InputError } from '../model.js';
import { COMMANDS, githubContextFromEnv, type Command } from '../options.js';
import { PARAMETERS, resolveOptions, type RawValues } from '../parameters.js';
import { run, type Io } from '../run.js';
import { resultJson } from '../result-json.js';
import { generate, GENERATORS } from './generators.js';

const io: Io = {
  info: (m) => process.stdout.write(`${m}\n`),
  warn: (m) => process.stderr.write(`warning: ${m}\n`),
  error: (m) => process.stderr.write(`error: ${m}\n`),
};

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(usage());
    return command ? 0 : 2;
  }
  if (command === '--version') {
    process.stdout.write('training-metrics-gate 0.1.0\n');
    return 0;
  }
  if (GENERATORS[command]) return generate(command, rest, env, io);
  if (!COMMANDS.includes(command as Command)) {
    io.error(`unknown command "${command}" (${[...COMMANDS, ...Object.keys(GENERATORS)].join(', ')}); see --help`);
    return 2;
  }

  const options: ParseArgsConfig['options'] = {};
  for (const p of PARAMETERS) {
    options[p.name] = { type: p.kind === 'boolean' ? 'boolean' : 'string', multiple: p.kind === 'list' };
  }
  options.pushgateway = { type: 'string' }; // the short spelling in examples
  for (const p of PARAMETERS.filter((q) => q.kind === 'boolean')) options[`no-${p.name}`] = { type: 'boolean' };

  let raw: RawValues;
  try {
    const parsed = parseArgs({ args: rest, options, allowPositionals: false, strict: true });
    raw = { ...(parsed.values as RawValues) };
    if (raw.pushgateway && !raw['pushgateway-url']) raw['pushgateway-url'] = raw.pushgateway;
    for (const p of PARAMETERS.filter((q) => q.kind === 'boolean')) if (raw[`no-${p.name}`]) raw[p.name] = false;
  } catch (e) {
    io.error(`${(e as Error).message.split('\n')[0]} (see training-metrics-gate --help)`);
    return 2;
  }

  try {
    const opts = resolveOptions(command as Command, raw, githubContextFromEnv(env), env, 'cli');
    // Made before the run, so a bad --json path is found before anything is recorded.
    if (opts.json)
      await mkdir(dirname(resolvePath(opts.json)), { recursive: true }).catch((e: NodeJS.ErrnoException) => {
        throw new InputError(opts.json!, null, `cannot write the JSON report: ${e.code ?? e.message}`);
      });
    const result = await run(opts, io);
    if (opts.json) {
      await writeFile(opts.json, `${JSON.stringify(resultJson(result, opts), null, 2)}\n`).catch(
        (e: NodeJS.ErrnoException) => {
          throw new InputError(opts.json!, null, `cannot write the JSON report: ${e.code ?? e.message}`);
        },
      );
    }
    return result.exitCode;
  } catch (e) {
    if (e instanceof InputError) {
      io.error(e.message);
      return 2;
    }
    io.error(`internal error: ${(e as Error).stack ?? String(e)}`);
    return 2;
  }
}

function usage(): string {
  const flags = PARAMETERS.map((p) => {
    const arg =
      p.kind === 'boolean'
        ? ''
        : p.choices
          ? ` ${p.choices.join('|')}`
          : p.kind === 'number'
            ? ' N'
            : p.kind === 'tags'
              ? ' k:v,…'
              : ' VALUE';
    return `  --${p.name}${arg}${p.kind === 'list' ? ' (repeatable)' : ''}\n      ${p.description}`;
  }).join('\n');
  return `training-metrics-gate — training metrics CSVs → StatsD / Prometheus / Datadog, and a regression gate

Usage:
  training-metrics-gate emit   (--csv FILE [--csv FILE …] | --metadata FILE) [flags]
  training-metrics-gate record --history H.json --experiment NAME --csv A.csv [--csv B.csv …]
  training-metrics-gate check  --history H.json --experiment NAME --csv C.csv [--json OUT.json] [--markdown OUT.md] [--html OUT.html]
  training-metrics-gate post-comment --comment-file comment.json [--github-token T] [--comment always|on-regression]
      (posts a comment a pull request's run wrote with --comment-file: pull requests from forks)
${Object.entries(GENERATORS)
  .map(([name, g]) => `  training-metrics-gate ${name} ${g.usage}`)
  .join('\n')}

Exit codes: 0 pass, 1 regression, 2 bad input.

Flags (each is also an action input of the same name; a boolean flag also has a --no-<flag> form,
e.g. --no-fail-on-regression, and --pushgateway is short for --pushgateway-url):
${flags}
`;
}
