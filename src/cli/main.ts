/**
 * The `training-metrics-gate` command: the first argument picks the command, whose file does the rest —
 * commands/run.ts for the commands that run the engine (emit, record, check, post-comment), generators.ts
 * for those that print configuration (mapping, dashboard, monitors).
 */
import { COMMANDS, type Command } from '../options.js';
import { runCommand } from './commands/run.js';
import { GENERATORS, generate } from './generators.js';
import { helpText } from './help.js';
import { ConsoleIo } from './io.js';

/** `io`: the bin passes one whose streams are guarded (cli.ts); tests call main with the default. */
export async function main(argv: string[], env: NodeJS.ProcessEnv, io: ConsoleIo = new ConsoleIo()): Promise<number> {
  io.addSecretsFrom(env);
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.print(helpText(GENERATORS));
    return command ? 0 : 2;
  }
  if (command === '--version') {
    io.print('training-metrics-gate 0.1.0\n');
    return 0;
  }
  if (GENERATORS[command]) return generate(command, rest, env, io);
  if (command === 'watch') return (await import('./commands/watch.js')).watchCommand(rest, env, io);
  if (!COMMANDS.includes(command as Command)) {
    io.error(`unknown command "${command}" (${[...COMMANDS, ...Object.keys(GENERATORS)].join(', ')}); see --help`);
    return 2;
  }
  return runCommand(command as Command, rest, env, io);
}
