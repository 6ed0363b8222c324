/**
 * A mapping never breaks a scrape: one statsd_exporter mapping generated from the columns of every real
 * per-step fixture (and the demo runs), each also as a second team would spell its columns (`train.loss`
 * as `train_loss`, `lm_loss` as `lm.loss`: other StatsD names, one Prometheus name), then every one of
 * those runs emitted into one exporter, first
 * without and then, in the other order, with extra tags (another label-name set for every family). After each run /metrics
 * must answer 200 and still hold every series it held before, and the exporter must count no conflict.
 *
 * The exporter is the loopback STAND-IN (test/helpers/statsd-exporter-stand-in.ts: it refuses a scrape as
 * client_golang does when one family carries two help texts), since no real exporter can be installed
 * here; with STATSD_EXPORTER=/path/to/statsd_exporter the same test runs against that real binary too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mappingStatsdExporter } from '../../src/cli/commands/mapping-statsd-exporter.js';
import type { CollectedTable } from '../../src/ingest/collect.js';
import { run } from '../../src/run.js';
import { emitOptions } from '../helpers/emit-options.js';
import { startStatsdExporter } from '../helpers/statsd-exporter-binary.js';
import { startStatsdExporterStandIn } from '../helpers/statsd-exporter-stand-in.js';
import { realRuns } from '../properties/real-runs.js';

const dir = mkdtempSync(join(tmpdir(), 'tmg-mapping-collisions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DEMO = ['gpt3-1.3b-tp1', 'gpt3-7b-tp2', 'llama3-8b-tp4'].map((r) => `fixtures/demo/${r}/metrics_rank_0.csv`);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A column as another team spells it: `.` and `/` read `_`, and `_` reads `.`. */
const respell = (column: string) => column.replace(/[._/]/g, (c) => (c === '_' ? '.' : '_'));

/** The run's table as a CSV whose columns are respelled. */
function respelledCopy(file: string, table: CollectedTable): string {
  const columns = Object.keys(table.values);
  const rows = table.steps.map((step, i) =>
    [step, ...columns.map((c) => (Number.isFinite(table.values[c]![i]) ? table.values[c]![i] : ''))].join(','),
  );
  const header = ['step', ...columns.map((c) => JSON.stringify(respell(c)))].join(',');
  const out = join(dir, `respelled_${basename(file).replace(/\.\w+$/, '')}.csv`);
  writeFileSync(out, `${header}\n${rows.join('\n')}\n`);
  return out;
}

interface Exporter {
  statsdPort: number;
  metricsUrl: string;
  conflicts(): Promise<number>;
  /** StatsD lines it has handled so far. */
  lines(): Promise<number>;
  stop(): Promise<void>;
}

async function realExporter(bin: string, mappingFile: string): Promise<Exporter> {
  const exporter = await startStatsdExporter(bin, mappingFile);
  return {
    ...exporter,
    conflicts: () => exporter.counter('statsd_exporter_events_conflict_total'),
    lines: () => exporter.counter('statsd_exporter_lines_total'),
  };
}

async function standIn(mapping: string): Promise<Exporter> {
  const exporter = await startStatsdExporterStandIn(mapping);
  return {
    statsdPort: exporter.statsdPort,
    metricsUrl: exporter.metricsUrl,
    conflicts: async () => exporter.stats.conflicts,
    lines: async () => exporter.stats.lines,
    stop: () => exporter.stop(),
  };
}

/** Our series on /metrics (name and labels), or the status when the scrape is refused. */
async function scrape(url: string): Promise<{ status: number; series: Set<string>; body: string }> {
  const res = await fetch(url);
  const body = await res.text();
  const series = new Set(
    body
      .split('\n')
      .filter((l) => l.startsWith('training_metrics_'))
      .map((l) => l.slice(0, l.lastIndexOf(' '))),
  );
  return { status: res.status, series, body };
}

const kinds: { name: string; start: (mappingFile: string, mapping: string) => Promise<Exporter> }[] = [
  { name: 'the statsd_exporter stand-in', start: (_file, mapping) => standIn(mapping) },
];
if (process.env.STATSD_EXPORTER) {
  const bin = process.env.STATSD_EXPORTER;
  kinds.push({ name: `the real statsd_exporter (${bin})`, start: (file) => realExporter(bin, file) });
}

describe.each(kinds)('one mapping from every real fixture, every fixture emitted into $name', ({ start }) => {
  it('keeps /metrics at 200 and every series, with and without extra tags, with no conflict', {
    timeout: 600_000,
  }, async () => {
    const { runs, broken } = await realRuns();
    const real = [...runs, ...broken];
    const files = [...real.map((r) => r.file), ...DEMO, ...real.map((r) => respelledCopy(r.file, r.table))];
    expect(files.length).toBeGreaterThan(30);
    const mapping = await mappingStatsdExporter(files.flatMap((f) => ['--csv', f]));
    const mappingFile = join(dir, 'mapping.yml');
    writeFileSync(mappingFile, mapping);
    const exporter = await start(mappingFile, mapping);
    try {
      let held = new Set<string>();
      let sent = 0;
      // The second pass in the other order: a name two columns share then gets its second label-name
      // set from the other column's rule.
      for (const [tags, order] of [
        [{}, files],
        [{ team: 'perf', cluster: 'b' }, [...files].reverse()],
      ] as const) {
        for (const file of order) {
          const options = emitOptions({
            csv: [file],
            experiment: basename(file).replace(/\W+/g, '_').slice(0, 60),
            tags,
            statsdHost: '127.0.0.1',
            statsdPort: exporter.statsdPort,
          });
          const result = await run(options, quiet);
          expect(result.statsd, file).toMatchObject({ protocol: 'tcp', delivery: 'written', errors: [] });
          // TCP has taken every line; wait until the exporter has handled them (the test's timeout bounds it).
          sent += result.statsd!.lines;
          while ((await exporter.lines()) < sent) await new Promise((r) => setTimeout(r, 20));
          const now = await scrape(exporter.metricsUrl);
          expect(now.status, `${file}: ${now.body.slice(0, 300)}`).toBe(200);
          const lost = [...held].filter((s) => !now.series.has(s));
          expect(lost, file).toEqual([]);
          held = now.series;
        }
      }
      expect(held.size).toBeGreaterThan(files.length);
      expect(await exporter.conflicts()).toBe(0);
    } finally {
      await exporter.stop();
    }
  });
});
