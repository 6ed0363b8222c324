import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { mappingStatsdExporter } from './mapping-statsd-exporter.js';

const DEMO = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';

describe('mapping statsd-exporter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints a statsd_exporter mapping for the columns of a file, names in base units and no scale', async () => {
    const text = await mappingStatsdExporter(['--csv', DEMO, '--prefix', 'tm']);
    const doc = parse(text) as { mappings: { match: string; name: string; scale?: number }[] };
    const memory = doc.mappings.find((m) => m.match === 'tm.memory.allocated_bytes')!;
    expect(memory).toMatchObject({ name: 'tm_memory_allocated_bytes' });
    expect(memory.scale).toBeUndefined();
    expect(doc.mappings.find((m) => m.match === 'tm.tokens_per_sec')).toMatchObject({ name: 'tm_tokens_per_second' });
  });

  it('warns on stderr when made without --csv, and only then', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await mappingStatsdExporter(['--csv', DEMO]);
    expect(stderr).not.toHaveBeenCalled();
    const text = await mappingStatsdExporter([]);
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(/^warning: Made without --csv: .*generate with --csv FILE/);
    expect(text).toContain('# Made without --csv');
  });
});
