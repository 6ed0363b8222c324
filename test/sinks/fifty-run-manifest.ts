/**
 * A 50-run batch as a perf job writes it: an `experiment_metadata.jsonl` in a temporary folder naming 50
 * run folders, each a copy of one of the demo runs (fixtures/demo) with that run's config.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function fiftyRunManifest(runs = 50, root = 'fixtures/demo'): string {
  const demo = readFileSync(join(root, 'experiment_metadata.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { name: string; dir: string; config: Record<string, unknown> });
  const dir = mkdtempSync(join(tmpdir(), 'tmg-batch-50-'));
  const lines: string[] = [];
  for (let i = 0; i < runs; i++) {
    const from = demo[i % demo.length]!;
    const name = `${from.name}-${String(i + 1).padStart(2, '0')}`;
    mkdirSync(join(dir, name));
    copyFileSync(join(root, from.dir, 'metrics_rank_0.csv'), join(dir, name, 'metrics_rank_0.csv'));
    lines.push(JSON.stringify({ name, dir: name, config: from.config, duration_s: 1800 }));
  }
  const manifest = join(dir, 'experiment_metadata.jsonl');
  writeFileSync(manifest, `${lines.join('\n')}\n`);
  return manifest;
}
