import { describe, expect, it } from 'vitest';
import { emitOptions } from '../../test/helpers/emit-options.js';
import { ExporterMapper } from '../../test/helpers/statsd-exporter-rules.js';
import { mappingStatsdExporter } from '../cli/commands/mapping-statsd-exporter.js';
import { sentStatsdName } from '../sinks/statsd/metrics.js';
import { LiveStatsd } from './live-statsd.js';
import type { MetricKind } from '../model.js';
import type { WatchState } from './state/watch-state.js';

const DEMO = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';

/** A watched run's state as far as the live lines read it: one rank, each metric's latest value. */
interface Column {
  name: string;
  kind: MetricKind;
  unit: string;
  last: number;
  lastStep: number;
}

function stateOf(metrics: Column[]): WatchState {
  const map = new Map(metrics.map((m) => [m.name, { ...m, cls: { kind: m.kind, unit: m.unit } }]));
  return { ranks: [{ label: '', metrics: map }] } as unknown as WatchState;
}

const COLUMNS: Column[] = [
  { name: 'train.lm_loss', kind: 'loss', unit: '', last: 2.5, lastStep: 10 },
  { name: 'step_time', kind: 'timer', unit: 'milliseconds', last: 1500, lastStep: 10 },
  { name: 'memory.allocated [MiB]', kind: 'window', unit: 'mebibytes', last: 1024, lastStep: 10 },
  { name: 'lr', kind: 'gauge', unit: '', last: 3e-4, lastStep: 10 },
];

describe('LiveStatsd', () => {
  it('sends each new loss, window and timer value once, in base units, windows and timers as .live', () => {
    const live = new LiveStatsd(emitOptions({ statsdHost: '127.0.0.1' }), 'exp', () => {});
    const lines = live.linesFor(stateOf(COLUMNS));
    expect(lines.map((l) => [l.name, l.value, l.tags.step])).toEqual([
      ['training_metrics.train.lm_loss', 2.5, '10'],
      ['training_metrics.step_time_seconds.live', 1.5, '10'],
      ['training_metrics.memory.allocated_bytes.live', 1024 * 2 ** 20, '10'],
    ]);
    // Nothing new: nothing sent again.
    expect(live.linesFor(stateOf(COLUMNS))).toEqual([]);
  });

  it('never shares a statsd_exporter family with what emit sends for the same columns', async () => {
    const mapper = new ExporterMapper(await mappingStatsdExporter(['--csv', DEMO]));
    const typeOf = (kind: MetricKind) => (kind === 'timer' || kind === 'window' ? 'observer' : 'gauge');
    const emitted = new Map<string, string>();
    for (const c of COLUMNS) {
      const name = sentStatsdName('training_metrics', c.name, c, 'plain');
      const found = mapper.lookup(name, typeOf(c.kind));
      if (found) emitted.set(found.name, typeOf(c.kind));
    }
    const live = new LiveStatsd(emitOptions({ statsdHost: '127.0.0.1' }), 'exp', () => {});
    for (const line of live.linesFor(stateOf(COLUMNS))) {
      const family = mapper.lookup(line.name, 'gauge')?.name;
      expect(family, line.name).toBeDefined();
      // A family emit also fills must be a gauge there too (a loss's points), never a histogram.
      if (emitted.has(family!)) expect(emitted.get(family!), family).toBe('gauge');
    }
  });
});
