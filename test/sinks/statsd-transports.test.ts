/**
 * The StatsD route loses nothing on a burst: a 50-run batch reaches a slow reader with a small UDP receive
 * buffer whole when paced (and does not when sent at once), arrives whole as newline-terminated lines over
 * TCP, and over a Unix datagram socket. A refused connection is a warning, never a verdict.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, type Socket as TcpSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, type Options } from '../../src/options.js';
import { resultJson } from '../../src/result-json.js';
import { run } from '../../src/run.js';
import { emitOptions } from '../helpers/emit-options.js';
import { fiftyRunManifest } from './fifty-run-manifest.js';

const manifest = fiftyRunManifest();
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function options(more: Partial<Options>): Options {
  return emitOptions({
    metadata: manifest,
    statsdHost: '127.0.0.1',
    // The readers here are UDP only (auto would try TCP on the port first: statsd-delivery.test.ts).
    statsdProtocol: 'udp',
    ...more,
  });
}

/** The slow reader in its own process; `finish()` closes its stdin and resolves with what it received. */
async function slowReader(recvBufferSize: number, every: number, pauseMs: number) {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, 'slow-udp-reader.mjs'), ...[recvBufferSize, every, pauseMs].map(String)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const out = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = JSON.parse((await out.next()).value as string) as { port: number; recvBufferSize: number };
  return {
    ...first,
    async finish(): Promise<{ lines: number; datagrams: number }> {
      child.stdin!.end();
      const last = JSON.parse((await out.next()).value as string);
      await once(child, 'exit');
      return last;
    },
  };
}

describe('a 50-run batch into a slow UDP reader with a small receive buffer', () => {
  it('arrives whole when paced', { timeout: 60_000 }, async () => {
    // 64 KiB asked (the kernel doubles it): about 56 full datagrams, where a default buffer holds about 90.
    // The reader sleeps 1 ms every 4 datagrams: it takes at most about 4 datagrams (5.7 KB) per ms; the
    // pacing below hands it 512 bytes, so it may also lose the CPU for about 150 ms on a loaded machine.
    const reader = await slowReader(64 * 1024, 4, 1);
    expect(reader.recvBufferSize).toBeLessThanOrEqual(2 * 64 * 1024);
    const result = await run(options({ statsdPort: reader.port, statsdMaxBytesPerMs: 512 }), quiet);
    const got = await reader.finish();
    expect(result.summaries).toHaveLength(50);
    expect(result.statsd!.errors).toEqual([]);
    expect(result.statsd!.datagrams).toBeGreaterThan(1000);
    expect(got.datagrams).toBe(result.statsd!.datagrams);
    expect(got.lines).toBe(result.statsd!.lines);
    // Paced: about bytes / rate, never a burst.
    expect(result.statsd!.sendMs).toBeGreaterThan(result.statsd!.bytes / 512 / 2);
  });

  it('loses lines when sent at once (the same reader, pacing out of the way)', { timeout: 60_000 }, async () => {
    const reader = await slowReader(64 * 1024, 4, 1);
    const result = await run(options({ statsdPort: reader.port, statsdMaxBytesPerMs: 1e9 }), quiet);
    const got = await reader.finish();
    expect(got.lines).toBeLessThan(result.statsd!.lines);
  });
});

/** A loopback TCP listener that keeps every byte each connection sends. */
async function listenTcp() {
  const received: string[] = [];
  const open = new Set<TcpSocket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => received.push(d));
    socket.on('close', () => open.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  return {
    port,
    text: () => received.join(''),
    async close() {
      // The sink has closed its end; wait for the last bytes and the FIN.
      const until = Date.now() + 5000;
      while (open.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      server.close();
    },
  };
}

describe('StatsD over TCP (statsd_exporter listens on TCP on the same port)', () => {
  it('delivers every line of the 50-run batch, each newline-terminated, unpaced', { timeout: 60_000 }, async () => {
    const tcp = await listenTcp();
    const opts = options({ statsdPort: tcp.port, statsdProtocol: 'tcp' });
    const result = await run(opts, quiet);
    await tcp.close();
    const text = tcp.text();
    expect(result.statsd!.errors).toEqual([]);
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.split('\n').slice(0, -1);
    expect(lines).toHaveLength(result.statsd!.lines);
    for (const l of lines) expect(l).toMatch(/^training_metrics\.[\w.]+:-?[\d.e+-]+\|(g|ms|h)(\|@[\d.e-]+)?\|#/);
    const json = resultJson(result, opts).statsd as Record<string, unknown>;
    expect(json).toMatchObject({ protocol: 'tcp', delivery: 'written', pacedBytesPerMs: 0 });
  });

  it('a refused connection is a warning; the run ends as it would have', { timeout: 30_000 }, async () => {
    const tcp = await listenTcp();
    await tcp.close(); // nothing listens on this port now
    const warnings: string[] = [];
    const result = await run(
      options({
        statsdPort: tcp.port,
        statsdProtocol: 'tcp',
        metadata: null,
        csv: ['fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv'],
      }),
      {
        ...quiet,
        warn: (w) => warnings.push(w),
      },
    );
    expect(result.exitCode).toBe(0);
    expect(warnings.join('\n')).toMatch(/StatsD 127\.0\.0\.1:\d+: .*ECONNREFUSED/);
  });
});

describe('--json over UDP', () => {
  it('says the protocol, that delivery is unconfirmed, and the pacing', { timeout: 30_000 }, async () => {
    const reader = await slowReader(1024 * 1024, 1_000_000, 0);
    const opts = options({
      statsdPort: reader.port,
      metadata: null,
      csv: ['fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv'],
    });
    const result = await run(opts, quiet);
    const got = await reader.finish();
    expect(got.lines).toBe(result.statsd!.lines);
    expect(resultJson(result, opts).statsd).toMatchObject({
      protocol: 'udp',
      delivery: 'unconfirmed',
      pacedBytesPerMs: DEFAULT_OPTIONS.statsdMaxBytesPerMs,
    });
  });
});

describe('StatsD over a Unix datagram socket (a local Datadog Agent)', async () => {
  const { createRequire } = await import('node:module');
  let unixDgram: {
    createSocket(t: 'unix_dgram'): import('node:events').EventEmitter & { bind(p: string): void; close(): void };
  } | null = null;
  try {
    unixDgram = createRequire(import.meta.url)('unix-dgram');
  } catch {
    console.warn('NOTICE: unix-dgram (optional, native) is not installed: the Unix socket test is skipped');
    if (process.env.E2E_REQUIRED === '1') throw new Error('unix-dgram is required (E2E_REQUIRED=1)');
  }
  it.skipIf(!unixDgram)('delivers every line, one batch per datagram', { timeout: 30_000 }, async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tmg-uds-')), 'dsd.socket');
    const server = unixDgram!.createSocket('unix_dgram');
    const datagrams: string[] = [];
    server.on('message', (msg: Buffer) => datagrams.push(msg.toString('utf8')));
    server.bind(path);
    const opts = options({
      statsdProtocol: 'uds',
      statsdHost: path,
      statsdFlavor: 'datadog',
      metadata: null,
      csv: ['fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv'],
    });
    const result = await run(opts, quiet);
    const until = Date.now() + 5000;
    while (datagrams.length < result.statsd!.datagrams && Date.now() < until)
      await new Promise((r) => setTimeout(r, 10));
    server.close();
    expect(result.statsd!.errors).toEqual([]);
    expect(datagrams).toHaveLength(result.statsd!.datagrams);
    for (const d of datagrams) expect(d.endsWith('\n')).toBe(false);
    const lines = datagrams.flatMap((d) => d.split('\n'));
    expect(lines).toHaveLength(result.statsd!.lines);
    expect(lines.some((l) => /\|d\|@/.test(l))).toBe(true);
    expect(resultJson(result, opts).statsd).toMatchObject({ protocol: 'uds', delivery: 'written', target: path });
  });

  it.skipIf(!unixDgram)('a missing socket is a warning', { timeout: 30_000 }, async () => {
    const warnings: string[] = [];
    const path = join(mkdtempSync(join(tmpdir(), 'tmg-uds-')), 'none.socket');
    const result = await run(
      options({
        statsdProtocol: 'uds',
        statsdHost: path,
        metadata: null,
        csv: ['fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv'],
      }),
      {
        ...quiet,
        warn: (w) => warnings.push(w),
      },
    );
    expect(result.exitCode).toBe(0);
    expect(warnings.join('\n')).toContain(`cannot connect to the Unix socket ${path}: ENOENT`);
  });
});

describe('paced sends and the sink budget', () => {
  it('stop at the sink-timeout with a warning instead of holding the job', { timeout: 30_000 }, async () => {
    const { sendStatsd } = await import('../../src/sinks/statsd/send.js');
    const { sinkBudget } = await import('../../src/sinks/budget.js');
    const reader = await slowReader(1024 * 1024, 1_000_000, 0);
    const metrics = Array.from({ length: 2000 }, (_, i) => ({
      name: 'p.loss',
      value: i,
      type: 'g' as const,
      sampleRate: 1,
      tags: { step: String(i) },
    }));
    // About 50 KB at 16 bytes/ms would take about 3 s; the budget is 0.2 s, so fewer than all are sent.
    const report = await sendStatsd(metrics, {
      host: '127.0.0.1',
      port: reader.port,
      flavor: 'plain',
      maxBufferSize: 1432,
      maxBytesPerMs: 16,
      dryRun: false,
      budget: sinkBudget(0.2),
    });
    const got = await reader.finish();
    expect(report.errors.join()).toMatch(
      /the 0\.2 s sink-timeout ran out while sending; \d+ of 2000 metrics were not sent/,
    );
    expect(report.lines).toBeLessThan(2000);
    expect(got.lines).toBe(report.lines);
  });
});
