/**
 * The workflow commands the Actions runner would run for a step's output: a line starting with `::name`
 * (blanks before it allowed) or holding `##[name`, except between `::stop-commands::TOKEN` and `::TOKEN::`.
 */
export interface RunnerCommand {
  name: string;
  line: string;
}

export function runnerCommands(output: string): RunnerCommand[] {
  const found: RunnerCommand[] = [];
  let stoppedUntil: string | null = null;
  for (const raw of output.split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (stoppedUntil !== null) {
      if (line === stoppedUntil) stoppedUntil = null;
      continue;
    }
    const m = /^::([A-Za-z-]+)/.exec(line) ?? /##\[([A-Za-z-]+)/.exec(line);
    if (!m) continue;
    found.push({ name: m[1]!.toLowerCase(), line });
    const stop = /^::stop-commands::(.*)$/.exec(line);
    if (stop) stoppedUntil = `::${stop[1]}::`;
  }
  return found;
}

/** Text that tries each of the commands the issue names, on lines of its own. */
export const INJECTED_COMMANDS = [
  '::error::injected-error',
  '::set-output name=regression::false',
  '::add-mask::injected-mask',
  '::stop-commands::injected-stop',
] as const;
