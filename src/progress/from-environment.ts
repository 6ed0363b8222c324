/**
 * The progress a shell shows: in a terminal one line redrawn, in a CI log (`CI`, `GITHUB_ACTIONS`) or
 * when stderr is a file or a pipe plain lines; none with `--quiet`.
 */
import { Progress, type ProgressSink, SILENT } from './progress.js';

export function progressFromEnvironment(o: {
  env: NodeJS.ProcessEnv;
  stderrIsTerminal: boolean;
  quiet: boolean;
  write(text: string): void;
  now?: () => number;
}): ProgressSink {
  if (o.quiet) return SILENT;
  const ci = Boolean(o.env.CI || o.env.GITHUB_ACTIONS);
  return new Progress({ write: o.write, now: o.now ?? (() => performance.now()), terminal: o.stderrIsTerminal && !ci });
}
