import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { InputError } from '../model.js';
import { GRAFANA_GENERATOR, MAPPING_GENERATOR, columnsOf } from './prometheus-generators.js';

const DEMO = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';
const MEGATRON = 'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.json';

describe('prometheus generators', () => {
  it('classifies the columns of real files as a run would', async () => {
    const cols = await columnsOf([MEGATRON, DEMO], null);
    expect(cols.find((c) => c.name === 'lm loss')!.class.kind).toBe('loss');
    expect(cols.find((c) => c.name === 'MFU')!.class).toMatchObject({ kind: 'window', unit: 'ratio' });
    expect(cols.find((c) => c.name === 'memory.allocated [MiB]')!.class.unit).toBe('mebibytes');
  });

  it('prints a statsd_exporter mapping for the columns of a file', async () => {
    const doc = parse(await MAPPING_GENERATOR.run(['statsd-exporter', '--csv', DEMO, '--prefix', 'tm'], {})) as {
      mappings: { match: string; name: string; scale?: number }[];
    };
    expect(doc.mappings.find((m) => m.match === 'tm.memory.allocated')).toMatchObject({
      name: 'tm_memory_allocated_bytes',
      scale: 1048576,
    });
    expect(doc.mappings.find((m) => m.match === 'tm.tokens_per_sec')).toMatchObject({ name: 'tm_tokens_per_second' });
    await expect(MAPPING_GENERATOR.run(['grafana'], {})).rejects.toBeInstanceOf(InputError);
  });

  it('prints a Grafana dashboard for either source', async () => {
    const pg = JSON.parse(await GRAFANA_GENERATOR.run(['--csv', DEMO, '--datasource-uid', 'prom'], {}));
    expect(pg.panels.find((p: { title: string }) => p.title === 'MFU').targets[0].expr).toContain(
      'training_metrics_mfu_ratio{quantile="0.5"',
    );
    expect(JSON.stringify(pg)).not.toContain('${datasource}');
    const se = JSON.parse(await GRAFANA_GENERATOR.run(['--source', 'statsd-exporter', '--csv', DEMO, '--no-gate'], {}));
    expect(se.panels.map((p: { title: string }) => p.title)).not.toContain('Gate verdicts');
    await expect(GRAFANA_GENERATOR.run(['--source', 'statsd-exporter'], {})).rejects.toThrow(/needs --csv FILE/);
    await expect(GRAFANA_GENERATOR.run(['--source', 'influx'], {})).rejects.toThrow(/--source must be/);
    await expect(GRAFANA_GENERATOR.run(['--bogus'], {})).rejects.toBeInstanceOf(InputError);
    await expect(GRAFANA_GENERATOR.run(['--csv', 'no/such/file.csv'], {})).rejects.toThrow();
  });
});
