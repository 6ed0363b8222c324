/**
 * Tags derived from DD_* variables: a per-pod id (DD_ENTITY_ID) relayed to statsd_exporter becomes a label
 * and makes a series per pod, so the plain flavor adds none by default, and hot-shots' own Datadog mode
 * (switched on by any DD_* variable) never adds `|c:`, `|e:` or `|card:` fields to plain lines.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envTags } from '../../src/sinks/statsd/env-tags.js';
import type { StatsdMetric } from '../../src/sinks/statsd/metrics.js';
import { sendStatsd, type StatsdTarget } from '../../src/sinks/statsd/send.js';
import { listenUdp, type UdpListener } from '../helpers/udp.js';

const DD = {
  DD_ENTITY_ID: '3f2a9c1e-8d4b-4f6a-9e2d-1c5b7a8f0e3d',
  DD_ENV: 'ci',
  DD_SERVICE: 'trainer',
  DD_VERSION: '1.4.2',
  DD_TAGS: 'team:ml,env:overridden',
  DD_EXTERNAL_ENV: 'it-false,cn-trainer,pu-3f2a9c1e',
  DD_CARDINALITY: 'high',
};
const METRICS: StatsdMetric[] = [
  { name: 'p.mfu', value: 0.41, type: 'h', sampleRate: 0.025, tags: { experiment: 'e', steps: '0-199' } },
  { name: 'p.lr', value: 3e-4, type: 'g', sampleRate: 1, tags: { experiment: 'e' } },
];

describe('DD_*-derived tags on real datagrams', () => {
  let udp: UdpListener;
  const saved = { ...process.env };
  beforeAll(async () => {
    udp = await listenUdp();
    // In the process's environment too: hot-shots reads it for its own Datadog mode.
    Object.assign(process.env, DD);
  });
  afterAll(async () => {
    process.env = saved;
    await udp.close();
  });
  afterEach(() => {
    udp.datagrams.length = 0;
  });

  async function linesFor(target: Partial<StatsdTarget>): Promise<string[]> {
    const report = await sendStatsd(METRICS, {
      host: '127.0.0.1',
      port: udp.port,
      flavor: 'plain',
      maxBufferSize: 1432,
      dryRun: false,
      ...target,
    });
    return udp.waitForLines(report.lines);
  }

  it('plain, by default: no tag from the environment, no per-pod id, no DogStatsD fields', async () => {
    const lines = await linesFor({});
    expect(lines).toEqual(['p.mfu:0.41|h|@0.025|#experiment:e,steps:0-199', 'p.lr:0.0003|g|#experiment:e']);
    for (const l of lines) {
      expect(l).not.toMatch(/entity_id|\|c:|\|e:|\|card:|env:|service:|version:|team:/);
    }
  });

  it('plain with statsd-env-tags service: env, service, version and DD_TAGS, never the pod id or fields', async () => {
    const lines = await linesFor({ envTags: 'service' });
    expect(lines[1]).toBe('p.lr:0.0003|g|#team:ml,env:ci,service:trainer,version:1.4.2,experiment:e');
    for (const l of lines) expect(l).not.toMatch(/entity_id|\|c:|\|e:|\|card:/);
  });

  it('plain with all: the pod id too, as a tag (what a Datadog Agent would drop and a relay keeps)', async () => {
    const lines = await linesFor({ envTags: 'all' });
    expect(lines[1]).toContain(`dd.internal.entity_id:${DD.DD_ENTITY_ID}`);
    for (const l of lines) expect(l).not.toMatch(/\|c:|\|e:|\|card:/);
  });

  it('datadog flavor: all by default, as hot-shots sends to an Agent; service leaves the pod id out', async () => {
    const all = await linesFor({ flavor: 'datadog' });
    expect(all[1]).toContain(`dd.internal.entity_id:${DD.DD_ENTITY_ID}`);
    expect(all[1]).toContain('env:ci');
    udp.datagrams.length = 0;
    const service = await linesFor({ flavor: 'datadog', envTags: 'service' });
    expect(service.join('\n')).not.toContain('entity_id');
    expect(service[1]).toContain('service:trainer');
  });

  it('reads the variables it is given', () => {
    expect(envTags({ DD_ENV: 'prod', DD_TAGS: 'a:1 b:2' }, 'service')).toEqual(['a:1', 'b:2', 'env:prod']);
    expect(envTags({ DD_ENTITY_ID: 'x' }, 'service')).toEqual([]);
    expect(envTags({ DD_ENTITY_ID: 'x' }, 'all')).toEqual(['dd.internal.entity_id:x']);
    expect(envTags(DD, 'none')).toEqual([]);
  });
});
