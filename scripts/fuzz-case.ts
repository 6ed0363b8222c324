/**
 * Write one fuzz case to a folder, with the files beside it that it needs, and print the command that
 * runs it: a failure the fuzz test reports (test/fuzz/) can then be run, read and debugged by hand.
 *
 *   npx tsx scripts/fuzz-case.ts <input> <case> [folder]      e.g. csv 69 /tmp/case
 *   FUZZ_SEED=7 npx tsx scripts/fuzz-case.ts history 12
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildCase } from '../test/fuzz/campaign.js';
import { CaseServer } from '../test/fuzz/case-runner.js';
import { INPUTS } from '../test/fuzz/inputs.js';

const [name, index, folder] = process.argv.slice(2);
const input = INPUTS.find((i) => i.name === name);
if (!input || !index || !Number.isInteger(Number(index))) {
  console.error(`usage: fuzz-case.ts <${INPUTS.map((i) => i.name).join('|')}> <case index> [folder]`);
  process.exit(2);
}
const seed = Number(process.env.FUZZ_SEED ?? 15_013);
const workspace = folder ? resolve(folder) : await mkdtemp(join(tmpdir(), `tmg-fuzz-${name}-${index}-`));
await mkdir(workspace, { recursive: true });
// Seeds such as the history are written by the CLI itself, through the same case server the test uses.
const server = new CaseServer();
const seeds = await input.prepare(workspace, async (argv) => {
  const o = await server.run(argv, { PATH: process.env.PATH }, 60_000);
  return o.kind === 'done' ? o.code : -1;
});
server.close();
const c = buildCase(input, seeds, seed, Number(index));
const file = join(workspace, input.caseFile);
await writeFile(file, c.bytes);
console.log(
  `case ${index} of ${name} (seed ${seed}): ${c.seed.name}; ${c.mutations.join(' + ')}; ${c.bytes.length} bytes`,
);
console.log(`npx tsx src/cli.ts ${input.argv(workspace, file).join(' ')}`);
