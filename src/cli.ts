/** The `training-metrics-gate` command: flags → Options → run() → exit code. */
import { run } from './run.js';

async function main(): Promise<number> {
  return 0;
}

main().then((code) => process.exit(code), () => process.exit(2));
void run;
