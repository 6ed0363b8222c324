/**
 * The `training-metrics-gate` command: the first argument picks the command, whose file does the rest —
 * commands/run.ts for the commands that run the engine (emit, record, check, post-comment), generators.ts
 * for those that print configuration (mapping, dashboard, monitors).
 */
import { BISECT_SKIP } from '../gate/bisect-verdict.js';
import { COMMANDS, type Command } from '../options.js';
import { TOOL_VERSION } from '../version.js';
import { runCommand } from './commands/run.js';
import { GENERATORS, generate } from './generators.js';
import { historyArgSecrets } from './history-arg-secrets.js';
import { commandHelp, helpText } from './help.js';
import { HISTORY_USAGE } from './history.js';
import { ConsoleIo } from './io.js';

/** `io`: the bin passes one whose streams are guarded (cli.ts); tests call main with the default. */
export async function main(argv: string[], env: NodeJS.ProcessEnv, io: ConsoleIo = new ConsoleIo()): Promise<number> {
  io.addSecretsFrom(env);
  for (const secret of historyArgSecrets(argv, env)) io.secrets.add(secret);
  const [command, ...rest] = argv;
  // Under `git bisect run` anything but a verdict is "skip", a lost output included (output-streams.ts).
  if (command === 'check' && rest.includes('--bisect')) io.streams.failureCode = BISECT_SKIP;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.print(helpText({ ...GENERATORS, history: { usage: HISTORY_USAGE } }));
    return command ? 0 : 2;
  }
  if (command === '--version') {
    io.print(`training-metrics-gate ${TOOL_VERSION}\n`);
    return 0;
  }
  // `check --help`, `history list -h`: the help, exit 0 (not flags after `--`, which are watch's command's).
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (own.includes('--help') || own.includes('-h')) {
    const generators = { ...GENERATORS, history: { usage: HISTORY_USAGE } };
    // `dashboard grafana --help`: the generator's own usage; an unknown command gets the whole help.
    const sub = own[0] && !own[0].startsWith('-') ? `${command} ${own[0]}` : command;
    io.print(commandHelp(sub, generators) ?? commandHelp(command, generators) ?? helpText(generators));
    return 0;
  }
  if (GENERATORS[command]) return generate(command, rest, env, io);
  if (command === 'history') return (await import('./history.js')).runHistory(rest, env, io);
  if (command === 'watch') return (await import('./commands/watch.js')).watchCommand(rest, env, io);
  if (command === 'site') return (await import('./history.js')).runHistory(['site', ...rest], env, io);
  if (command === 'calibrate') return (await import('./commands/calibrate.js')).calibrateCommand(rest, io, env);
  if (!COMMANDS.includes(command as Command)) {
    const known = [...COMMANDS, ...Object.keys(GENERATORS), 'history', 'watch', 'calibrate'];
    const near = known.find((k) => editDistance(k, command) <= 2);
    io.error(
      `unknown command "${command}"${near ? `; did you mean "${near}"?` : ''} (${known.join(', ')}); see --help`,
    );
    return 2;
  }
  return runCommand(command as Command, rest, env, io);
}

/** Levenshtein distance, for "did you mean" (two short words: quadratic is nothing here). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2 || b.length > 64) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}
