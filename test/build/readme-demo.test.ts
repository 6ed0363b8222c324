/**
 * The README's figures about the demo are what the demo prints: the verdict it quotes is the one `check`
 * gives today's demo run against the ten demo baselines, word for word, and the drop its first paragraph
 * names is that verdict's.
 */
import { mkdtemp } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliIn } from '../helpers/cli-in-process.js';

describe("the README's demo figures", () => {
  it('are the verdict the demo check prints', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-readme-demo-'));
    const history = join(dir, 'history.json');
    const baselines = Array.from({ length: 10 }, (_, i) =>
      resolve(`fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i + 1).padStart(2, '0')}.csv`),
    );
    const env = { PATH: process.env.PATH };
    const record = await cliIn(
      dir,
      ['record', '--history', history, '--experiment', 'gpt3-1.3b-tp1', ...baselines.flatMap((b) => ['--csv', b])],
      env,
    );
    expect(record.code, record.err).toBe(0);
    const today = resolve('fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv');
    const check = await cliIn(
      dir,
      ['check', '--history', history, '--experiment', 'gpt3-1.3b-tp1', '--csv', today],
      env,
    );
    expect(check.code).toBe(1);
    const verdict = /regression — (MFU [^\n]*)/.exec(check.out)![1]!;
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`\`${verdict}\``);
    const drop = /: (−\d+\.\d %),/.exec(verdict)![1]!;
    expect(readme.split('\n## ')[0]).toContain(`the gate measures ${drop} and reports a regression`);
  });
});
