/**
 * Every real run laid out as the ranks of one job in each way jobs leave their files: a folder per rank
 * (`rank_N/`, as TensorBoard writers and per-rank loggers do, event files included, a log directory's split
 * folders copied whole) and, for a run of one
 * file, `metrics_rank_N` files side by side. Found from the job's folder, it is one run of three ranks, and
 * with the ranks alike it is the run itself.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { openTable } from '../../src/ingest/index.js';
import { RANK_IMBALANCE } from '../../src/ranks/index.js';
import { csvRunOpeners } from '../../src/stages/read-runs.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { realRuns } from './real-runs.js';

const RANKS = 3;

/** The run's files copied into each rank's place; returns the job's folder. */
function layOut(root: string, file: string, layout: 'folders' | 'files'): string {
  const job = join(root, `${basename(file)}-${layout}`);
  const files = statSync(file).isDirectory() ? readdirSync(file).map((n) => join(file, n)) : [file];
  for (let r = 0; r < RANKS; r++) {
    if (layout === 'folders') {
      mkdirSync(join(job, `rank_${r}`), { recursive: true });
      for (const f of files) cpSync(f, join(job, `rank_${r}`, basename(f)), { recursive: true });
    } else {
      mkdirSync(job, { recursive: true });
      // As a job names its ranks' files; the content, not the name, tells the reader.
      const ext = ['.csv', '.tsv', '.json', '.jsonl'].includes(extname(file)) ? extname(file) : '.csv';
      copyFileSync(file, join(job, `metrics_rank_${r}${ext}`));
    }
  }
  return job;
}

describe('every real run laid out as the ranks of one job', () => {
  it('is one run of three ranks, equal to the run itself, in each layout', { timeout: 300_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'tmg-rank-layouts-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const { runs } = await realRuns();
    const seen = { folders: 0, files: 0, tensorboard: 0 };
    for (const run of runs) {
      // The run as check reads it from its file (with what the file says beyond its columns).
      const itself = await summarizeRun(
        { name: run.name, experiment: 'e', tags: {}, fingerprint: {}, table: await openTable(run.file) },
        DEFAULT_CONFIG,
      );
      const isDir = statSync(run.file).isDirectory();
      for (const layout of isDir ? (['folders'] as const) : (['folders', 'files'] as const)) {
        const job = layOut(root, run.file, layout);
        const notices: string[] = [];
        const openers = await csvRunOpeners([job], DEFAULT_CONFIG, notices, (n) => n);
        expect(openers, `${run.name} (${layout})`).toHaveLength(1);
        const input = await openers[0]!();
        expect(input.fingerprint, `${run.name} (${layout})`).toEqual({ ranks: String(RANKS) });
        const summary = await summarizeRun(input, DEFAULT_CONFIG);
        const own = summary.metrics.filter((m) => m.name !== RANK_IMBALANCE);
        expect(own, `${run.name} (${layout})`).toEqual(itself.metrics);
        expect(summary.steps, `${run.name} (${layout})`).toEqual(itself.steps);
        expect(
          summary.ranks!.ranks.map((r) => r.rank),
          `${run.name} (${layout})`,
        ).toEqual(['0', '1', '2']);
        expect(summary.ranks!.straggler, `${run.name} (${layout})`).toBeNull();
        seen[layout]++;
        if (isDir) seen.tensorboard++;
      }
    }
    expect(seen.files).toBeGreaterThanOrEqual(10);
    expect(seen.tensorboard).toBeGreaterThanOrEqual(2);
  });
});
