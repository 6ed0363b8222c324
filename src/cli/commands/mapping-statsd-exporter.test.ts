import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mappingStatsdExporter } from './mapping-statsd-exporter.js';

const DEMO = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';

describe('mapping statsd-exporter', () => {
  it('prints a statsd_exporter mapping for the columns of a file', async () => {
    const doc = parse(await mappingStatsdExporter(['--csv', DEMO, '--prefix', 'tm'])) as {
      mappings: { match: string; name: string; scale?: number }[];
    };
    expect(doc.mappings.find((m) => m.match === 'tm.memory.allocated')).toMatchObject({
      name: 'tm_memory_allocated_bytes',
      scale: 1048576,
    });
    expect(doc.mappings.find((m) => m.match === 'tm.tokens_per_sec')).toMatchObject({ name: 'tm_tokens_per_second' });
  });
});
