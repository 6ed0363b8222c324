/**
 * `npm run bench:sketch`: the summary's sketches, sketches-js' DDSketch against ours (its mapping, counts
 * in WebAssembly), on what one 100k-step run gives them: 6 window metrics × 100,000 values (±5 % noise
 * and a warm-up ramp) spread over 32 step windows, then the windows merged into the steady state and 7 quantiles read from each.
 *
 * Each round runs in a fresh process, as the CLI does, so the figure includes the JIT's warm-up; the
 * median of 7 rounds is reported with the memory held at the end (V8's heap, plus our module's memory).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sketches from '@datadog/sketches-js';
import { mulberry32 } from '../random.js';
import { RELATIVE_ACCURACY, Sketch, sketchMemoryBytes } from '../../src/summarize/sketch.js';

const METRICS = 6;
const STEPS = 100_000;
const WINDOWS = 32;
const LEVELS = [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95];

interface Like {
  accept(v: number): void;
  merge(o: Like): void;
}

/** Per metric: a level, ±5 % noise and a warm-up ramp, like MFU, TFLOPs, tokens/s and memory. */
function columns(): Float64Array[] {
  const random = mulberry32(11);
  return Array.from({ length: METRICS }, (_, m) => {
    const level = 10 ** (m - 2);
    return Float64Array.from(
      { length: STEPS },
      (_, i) => level * (0.44 + 0.044 * (random() - 0.5)) * (i < 500 ? 0.5 + i / 1000 : 1),
    );
  });
}

function workload(
  data: Float64Array[],
  make: () => Like,
  quantile: (s: Like, q: number) => number,
  batch: boolean,
): number {
  let check = 0;
  for (const values of data) {
    const windows: Like[] = [];
    const width = STEPS / WINDOWS;
    for (let w = 0; w < WINDOWS; w++) {
      const sketch = make();
      if (batch) (sketch as Sketch).acceptMany(values, w * width, (w + 1) * width);
      else for (let i = w * width; i < (w + 1) * width; i++) sketch.accept(values[i]!);
      windows.push(sketch);
    }
    const steady = make();
    for (const w of windows) steady.merge(w);
    for (const w of [...windows, steady]) for (const q of LEVELS) check += quantile(w, q);
  }
  return check;
}

const which = process.argv[2];
if (which) {
  const data = columns();
  const t0 = performance.now();
  const check =
    which === 'sketches-js'
      ? workload(
          data,
          () => new sketches.DDSketch({ relativeAccuracy: RELATIVE_ACCURACY }) as unknown as Like,
          (s, q) => (s as unknown as InstanceType<typeof sketches.DDSketch>).getValueAtQuantile(q),
          false,
        )
      : workload(
          data,
          () => new Sketch() as unknown as Like,
          (s, q) => (s as unknown as Sketch).quantile(q),
          true,
        );
  const ms = performance.now() - t0;
  const { getHeapStatistics } = await import('node:v8');
  // Our counts live in the summary module's memory, outside V8's heap: both are counted.
  const moduleBytes = which === 'ours' ? sketchMemoryBytes() : 0;
  console.log(JSON.stringify({ ms, check, heapMiB: (getHeapStatistics().total_heap_size + moduleBytes) / 2 ** 20 }));
} else {
  const self = fileURLToPath(import.meta.url);
  const run = (impl: string) =>
    JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', self, impl], { encoding: 'utf8' })) as {
      ms: number;
      check: number;
      heapMiB: number;
    };
  const results: Record<string, { ms: number[]; heap: number[]; check: number }> = {};
  for (let round = 0; round < 7; round++) {
    for (const impl of ['sketches-js', 'ours']) {
      const r = run(impl);
      const slot = (results[impl] ??= { ms: [], heap: [], check: r.check });
      slot.ms.push(r.ms);
      slot.heap.push(r.heapMiB);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const a = results['sketches-js']!;
  const b = results.ours!;
  const table = [
    `| sketch (${METRICS} × ${STEPS.toLocaleString('en')} values, ${WINDOWS} windows, fresh process) | ms (median of 7) | memory at the end (V8 heap + our WebAssembly memory), MiB | quantile checksum |`,
    '|---|---|---|---|',
    `| sketches-js DDSketch | ${median(a.ms).toFixed(1)} | ${median(a.heap).toFixed(1)} | ${a.check.toPrecision(12)} |`,
    `| ours (same mapping, counts in WebAssembly) | ${median(b.ms).toFixed(1)} | ${median(b.heap).toFixed(1)} | ${b.check.toPrecision(12)} |`,
    '',
    `Ours is ${(median(a.ms) / median(b.ms)).toFixed(1)}× faster; the checksums of all quantiles ${a.check === b.check ? 'match' : 'DIFFER'}.`,
  ].join('\n');
  console.log(table);
  writeFileSync(
    'bench/sketch/RESULTS.md',
    `# Sketch benchmark\n\nMeasured by \`npm run bench:sketch\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}).\n\n${table}\n`,
  );
}
