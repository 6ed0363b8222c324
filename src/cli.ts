/** The `training-metrics-gate` bin: a thin shell over main() (see cli/main.ts). */
import { main } from './cli/main.js';

// A closed pipe (`… --dry-run | head`) ends the output, not the run: the verdict, the history and the
// exit code still come out as they would have.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.stdout.write = (() => true) as typeof process.stdout.write;
});

main(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`error: internal error: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 2;
  },
);
