/**
 * Size of what the Datadog API route sends: series, bytes, payloads (plain and gzip) and time for a batch of
 * runs shaped like the demo batch (11 columns, 2 loss columns at the default 200 samples each).
 * Run: npm run bench:datadog -- [runs]
 */
import { performance } from 'node:perf_hooks';
import { gptGate, gptRun, lossSamples } from '../../test/helpers/datadog-fixtures.js';
import { compressedSeriesPayloads, splitSeriesPayloads } from '../../src/sinks/datadog/payload.js';
import { toDatadogSeries } from '../../src/sinks/datadog/series.js';

const runs = Number(process.argv[2] ?? 50);
const summaries = Array.from({ length: runs }, (_, i) => {
  const run = gptRun(`gpt3_15b_run_${i}`, 'gpt3-15b-8t', lossSamples(200, 65));
  run.metrics.push({ ...run.metrics[0]!, name: 'val.lm_loss' });
  return run;
});
const gate = summaries.map((s) => gptGate(s, false));
const tags = { workflow_name: 'nightly-pretrain', event: 'schedule', branch_type: 'main', team: 'llm-perf' };

const t0 = performance.now();
const { series } = toDatadogSeries(summaries, gate, { prefix: 'training_metrics', tags, now: Date.now() });
const t1 = performance.now();
const { bodies } = splitSeriesPayloads(series);
const t2 = performance.now();
const bytes = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0);
const gz = compressedSeriesPayloads(series);
const t3 = performance.now();
console.log(
  JSON.stringify({
    runs,
    series: series.length,
    seriesPerRun: series.length / runs,
    bytes,
    bytesPerSeries: Math.round(bytes / series.length),
    payloads: bodies.length,
    largestPayload: Math.max(...bodies.map((b) => Buffer.byteLength(b))),
    buildMs: Math.round(t1 - t0),
    splitMs: Math.round(t2 - t1),
    gzipPayloads: gz.bodies.length,
    gzipBytes: gz.bodies.reduce((n, b) => n + b.gzip.length, 0),
    gzipMs: Math.round(t3 - t2),
  }),
);
