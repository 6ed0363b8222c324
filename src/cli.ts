/** The `training-metrics-gate` bin: a thin shell over main() (see cli/main.ts). */
import { ConsoleIo } from './cli/io.js';
import { main } from './cli/main.js';
import { endSoon } from './end-soon.js';
import { OutputStreams } from './cli/output-streams.js';

// A closed pipe (`… --dry-run | head`) ends the output, not the run: the verdict, the history and the
// exit code still come out as they would have. Any other failed write makes the exit code 2 (output-streams.ts).
const streams = new OutputStreams().guard();
const io = new ConsoleIo(streams);

main(process.argv.slice(2), process.env, io).then(
  (code) => {
    process.exitCode = streams.exitCode(code);
    endSoon();
  },
  (e) => {
    io.error(`internal error: ${(e as Error).stack ?? String(e)}`);
    process.exitCode = streams.failureCode;
    endSoon();
  },
);
// A write error is reported a tick after the write: look again as the process ends.
process.on('exit', () => {
  if (streams.failure) process.exitCode = streams.failureCode;
});
