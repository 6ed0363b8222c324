/**
 * The statsd_exporter stand-in (test-only) follows the exporter's documented behaviour (v0.23.0's
 * pkg/line and pkg/mapper: the same lines give the same /metrics), over its real UDP and TCP sockets.
 */
import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/prometheus-servers.js';
import { type StatsdExporterStandIn, startStatsdExporterStandIn } from '../helpers/statsd-exporter-stand-in.js';

const MAPPING = [
  'mappings:',
  '  - match: tm.step_time',
  '    match_metric_type: observer',
  '    name: tm_step_time_seconds',
  '    observer_type: histogram',
  '    histogram_options: { buckets: [0.5, 1, 2] }',
  '  - match: "^tm\\\\.(.*_ms)$"',
  '    match_type: regex',
  '    name: "tm_${1}"',
  '    labels: { steps: "" }',
].join('\n');

describe('statsd_exporter stand-in', () => {
  let exporter: StatsdExporterStandIn;
  beforeAll(async () => {
    exporter = await startStatsdExporterStandIn(MAPPING);
  });
  afterAll(async () => exporter?.stop());

  const scrape = async () => (await fetch(exporter.metricsUrl)).text();

  it('counts int(1/rate) per sampled line, divides |ms by 1000 and buckets as mapped (UDP)', async () => {
    const udp = createSocket('udp4');
    const lines = ['tm.step_time:1500|ms|@0.0555556|#experiment:e', 'tm.step_time:700|ms|@0.5|#experiment:e'];
    await new Promise<void>((resolve) => udp.send(lines.join('\n'), exporter.statsdPort, '127.0.0.1', () => resolve()));
    udp.close();
    await waitFor('the lines', async () => exporter.stats.lines === 2);
    const text = await scrape();
    // 1/0.0555556 = 17.99…: 17 observations of 1.5 s, then 2 of 0.7 s.
    expect(text).toContain('tm_step_time_seconds_count{experiment="e"} 19');
    expect(text).toContain('tm_step_time_seconds_bucket{experiment="e",le="1"} 2');
    expect(text).toContain('tm_step_time_seconds_bucket{experiment="e",le="2"} 19');
    expect(text).toMatch(/tm_step_time_seconds_sum\{experiment="e"\} 26\.(89|9)/);
  });

  it('lets mapping labels override tags, names unmapped lines with . → _, keeps gauges (TCP)', async () => {
    const socket = connect(exporter.statsdPort, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.end('tm.fwd_ms:20|h|#steps:1-10,run:a\nother.thing:3|g|#k:v\nother.thing:+2|g|#k:v\n');
    await waitFor('the lines', async () => exporter.stats.lines === 5);
    const text = await scrape();
    expect(text).toContain('# TYPE tm_fwd_ms summary');
    expect(text).toContain('tm_fwd_ms_count{run="a",steps=""} 1');
    expect(text).toContain('other_thing{k="v"} 5');
    expect(exporter.stats).toMatchObject({ unmapped: 2, conflicts: 0, malformed: 0 });
  });
});
