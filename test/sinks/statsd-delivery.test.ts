/**
 * Delivery is reported as it happened, over real loopback sockets: `auto` takes TCP where the port
 * accepts a connection and UDP where it does not; a TCP peer that resets part-way leaves the report
 * `partial` with the lines handed over counted; nothing listening is `failed` over TCP and, through the
 * connected UDP socket's ICMP refusal, over UDP too; each is a warning, and `fail-on-sink-error` makes it
 * a failing exit. Nothing here waits on wall-clock time: each case waits on the sockets' own events.
 */
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { createServer, type Socket as TcpSocket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Options } from '../../src/options.js';
import { resultJson } from '../../src/result-json.js';
import { run } from '../../src/run.js';
import { sendStatsd } from '../../src/sinks/statsd/send.js';
import { emitOptions } from '../helpers/emit-options.js';
import { listenUdp } from '../helpers/udp.js';

const CSV = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';

const options = (more: Partial<Options>): Options => emitOptions({ csv: [CSV], statsdHost: '127.0.0.1', ...more });

/** A loopback TCP server; `onSocket` decides what each connection does. */
async function tcpServer(onSocket: (s: TcpSocket) => void) {
  const server = createServer(onSocket);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as { port: number }).port };
}

/** A port on which nothing listens, over TCP or UDP: bound, then closed again. */
async function closedPort(): Promise<number> {
  const { server, port } = await tcpServer(() => {});
  server.close();
  await once(server, 'close');
  return port;
}

/** 200,000 gauge lines (5.6 MB): more than loopback's socket buffers hold without a reader. */
const manyLines = Array.from({ length: 200_000 }, (_, i) => ({
  name: 'p.loss',
  value: i,
  type: 'g' as const,
  sampleRate: 1,
  tags: { step: String(i) },
}));

describe('statsd-protocol auto', () => {
  it('takes TCP where the port accepts a connection: every line arrives, delivery written', async () => {
    let text = '';
    let ended!: () => void;
    const done = new Promise<void>((r) => (ended = r));
    const { server, port } = await tcpServer((s) => {
      s.setEncoding('utf8');
      s.on('data', (d: string) => (text += d));
      s.on('end', ended);
    });
    const opts = options({ statsdPort: port });
    expect(opts.statsdProtocol).toBe('auto');
    const result = await run(opts, { info: () => {}, warn: () => {}, error: () => {} });
    await done;
    server.close();
    expect(resultJson(result, opts).statsd).toMatchObject({ protocol: 'tcp', delivery: 'written', errors: [] });
    expect(text.split('\n').slice(0, -1)).toHaveLength(result.statsd!.lines);
    expect(result.statsd!.linesHanded).toBe(result.statsd!.lines);
  });

  it('takes UDP where nothing accepts TCP on the port', async () => {
    const udp = await listenUdp();
    const opts = options({ statsdPort: udp.port });
    const result = await run(opts, { info: () => {}, warn: () => {}, error: () => {} });
    const got = await udp.waitForLines(result.statsd!.lines);
    await udp.close();
    expect(resultJson(result, opts).statsd).toMatchObject({ protocol: 'udp', delivery: 'unconfirmed', errors: [] });
    expect(got).toHaveLength(result.statsd!.lines);
  });

  it('is UDP for the datadog flavor (DogStatsD has no TCP listener), even where TCP would be accepted', async () => {
    const udp = await listenUdp();
    const { server } = await tcpServer((s) => s.destroy());
    const report = await sendStatsd(manyLines.slice(0, 10), {
      host: '127.0.0.1',
      port: udp.port,
      protocol: 'auto',
      flavor: 'datadog',
      maxBufferSize: 1432,
      dryRun: false,
    });
    server.close();
    await udp.close();
    expect(report.protocol).toBe('udp');
  });
});

describe('TCP delivery as it happened', () => {
  it('nothing listening: failed, 0 lines handed, a warning; fail-on-sink-error fails the run', async () => {
    const port = await closedPort();
    const warnings: string[] = [];
    const io = { info: () => {}, warn: (w: string) => warnings.push(w), error: () => {} };
    const opts = options({ statsdPort: port, statsdProtocol: 'tcp' });
    const result = await run(opts, io);
    expect(result.exitCode).toBe(0);
    expect(resultJson(result, opts).statsd).toMatchObject({ protocol: 'tcp', delivery: 'failed', linesHanded: 0 });
    expect(warnings.join('\n')).toMatch(/ECONNREFUSED/);
    const failing = await run({ ...opts, failOnSinkError: true }, io);
    expect(failing.exitCode).not.toBe(0);
  });

  it('a peer that resets part-way: partial, with the lines handed over counted and the rest named', async () => {
    // The peer reads 64 KB, then resets the connection: far less than the 5.6 MB sent.
    const { server, port } = await tcpServer((s) => {
      let got = 0;
      s.on('data', (d: Buffer) => {
        got += d.length;
        if (got >= 64 * 1024) s.resetAndDestroy();
      });
      s.on('error', () => {});
    });
    const report = await sendStatsd(manyLines, {
      host: '127.0.0.1',
      port,
      protocol: 'tcp',
      flavor: 'plain',
      maxBufferSize: 1432,
      dryRun: false,
    });
    server.close();
    expect(report.delivery).toBe('partial');
    expect(report.linesHanded).toBeGreaterThan(0);
    expect(report.linesHanded).toBeLessThan(report.lines);
    expect(report.errors.join('\n')).toMatch(/ECONNRESET|EPIPE/);
    expect(report.errors).toContain(
      `${report.lines - report.linesHanded} of ${report.lines} lines were not handed to the tcp socket`,
    );
  });
});

describe('UDP to a port nobody listens on', () => {
  it('is seen through the connected socket: failed, with the refusal named', async () => {
    // A UDP port bound and closed again: nothing listens there.
    const probe = createSocket('udp4');
    probe.bind(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = probe.address().port;
    probe.close();
    const warnings: string[] = [];
    const io = { info: () => {}, warn: (w: string) => warnings.push(w), error: () => {} };
    const opts = options({ statsdPort: port, statsdProtocol: 'udp' });
    const result = await run(opts, io);
    expect(result.exitCode).toBe(0);
    expect(resultJson(result, opts).statsd).toMatchObject({ protocol: 'udp', delivery: 'failed' });
    expect(warnings.join('\n')).toContain(`127.0.0.1:${port} refused datagrams (ICMP port unreachable)`);
    expect((await run({ ...opts, failOnSinkError: true }, io)).exitCode).not.toBe(0);
  });
});
