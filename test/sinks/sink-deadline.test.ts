/**
 * `sink-timeout` ends the work, not only the wait: a StatsD peer that accepts a TCP connection and never
 * reads has its socket destroyed at the deadline, and a DNS server that never answers (a real resolver
 * pointed at it, in a network namespace of the test's own) holds none of the StatsD, Pushgateway and
 * Datadog routes, nor the process, past the deadline; the verdict is the one without sinks.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sinkBudget } from '../../src/sinks/budget.js';
import type { StatsdMetric } from '../../src/sinks/statsd/metrics.js';
import { sendStatsd } from '../../src/sinks/statsd/send.js';
import { requireProgram } from '../helpers/programs.js';

describe('a StatsD peer over TCP that accepts and never reads', () => {
  it('has the socket destroyed at the sink-timeout, and is told what was abandoned', { timeout: 60_000 }, async () => {
    const accepted: Socket[] = [];
    const server = createServer((s) => {
      s.pause();
      accepted.push(s);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    // About 28 MB of lines: several times what a loopback connection's send and receive buffers hold.
    const tags = { experiment: 'never-read', run: 'r1' };
    const metrics: StatsdMetric[] = Array.from({ length: 400_000 }, (_, i) => ({
      name: `training_metrics.column_${i % 997}.p50`,
      value: i,
      type: 'g',
      sampleRate: 1,
      tags,
    }));
    const report = await sendStatsd(metrics, {
      host: '127.0.0.1',
      port,
      protocol: 'tcp',
      flavor: 'plain',
      maxBufferSize: 8192,
      dryRun: false,
      budget: sinkBudget(1),
    });
    expect(report.errors.join('\n')).toMatch(/within the 1 s sink-timeout; lines still buffered were abandoned/);
    // The peer now reads: it finds the connection ended (our socket destroyed) before all that was queued
    // came. A socket left open would go on writing to it and deliver every byte. On a busy machine the
    // deadline may pass before this process took the connection: the kernel accepted it all the same.
    if (accepted.length === 0) await once(server, 'connection');
    expect(accepted).toHaveLength(1);
    const peer = accepted[0]!;
    let received = 0;
    peer.on('data', (d: Buffer) => (received += d.length));
    peer.on('error', () => {}); // a reset, when our side went before the handshake's data
    peer.resume();
    if (!peer.destroyed) await once(peer, 'close');
    expect(received).toBeLessThan(report.bytes);
    server.close();
  });
});

/** `unshare` as root here (CI runs as root): a network and mount namespace, or null with a loud notice. */
function namespaces(): string | null {
  const unshare = requireProgram('unshare (util-linux) and ip (iproute2)', 'unshare');
  if (!unshare || !requireProgram('ip (iproute2)', 'ip')) return null;
  try {
    execFileSync(unshare, ['-rnm', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' });
    return unshare;
  } catch (e) {
    const msg = `unshare -rnm cannot make a network namespace here (${(e as Error).message.split('\n')[0]})`;
    if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${msg}`);
    console.warn(`\n!!!!!!!! SKIPPING: ${msg} !!!!!!!!\n`);
    return null;
  }
}

const unshare = namespaces();

describe.skipIf(!unshare)('a DNS server that never answers', () => {
  it('holds no sink and not the process past the sink-timeout; the verdict stands', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tmg-silent-dns-'));
    const resolvConf = join(dir, 'resolv.conf');
    // glibc's resolver would wait 30 s for each of 3 tries: a lookup that ends by itself takes 90 s or more.
    writeFileSync(resolvConf, 'nameserver 127.0.0.1\noptions timeout:30 attempts:3\n');
    const cli = [
      resolve('dist/cli.js'),
      'emit',
      '--csv',
      'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv',
      '--statsd-host',
      'statsd.example.test',
      '--pushgateway-url',
      'http://pushgateway.example.test:9091',
      '--datadog-url',
      'http://datadog.example.test/api/v2/series',
      '--datadog-api-key',
      'silent-dns-key',
      '--sink-timeout',
      '2',
    ];
    const child = spawn(
      unshare!,
      [
        '-rnm',
        'sh',
        '-c',
        'ip link set lo up && mount --bind "$0" /etc/resolv.conf && exec "$@"',
        resolvConf,
        process.execPath,
        resolve('test/helpers/silent-dns.mjs'),
        process.execPath,
        ...cli,
      ],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await once(child, 'close');
    const r = JSON.parse(out) as { code: number; stdout: string; stderr: string; queries: number; ms: number };
    // The server was asked (the lookups were real and unanswered), and the run ended long before any of them.
    expect(r.queries).toBeGreaterThan(0);
    expect(r.ms).toBeLessThan(60_000);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/statsd.*cannot resolve statsd\.example\.test: no answer within the 2 s sink-timeout/i);
    expect(r.stderr).toMatch(/pushgateway: .*2 s allowed for sending/);
    expect(r.stderr).toMatch(/Datadog: .*2 s allowed for sending/);
    expect(r.stderr).not.toContain('silent-dns-key');
  });
});
