/** Once per test run, before any test file: the CLI from src as one file (source-cli.ts). */
import { buildSourceCli } from './source-cli.js';

export default async function setup(): Promise<void> {
  await buildSourceCli();
}
