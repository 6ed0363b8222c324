/**
 * run() against loopback stand-ins of every sink: `--dry-run` reaches none of them, and sinks that accept a
 * connection and never answer hold the job no longer than the one `sink-timeout` budget, verdict unchanged.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, githubContextFromEnv, type Options } from '../../src/options.js';
import { run } from '../../src/run.js';
import { listenUdp, type UdpListener } from '../helpers/udp.js';

const csv = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function options(more: Partial<Options>): Options {
  return { ...DEFAULT_OPTIONS, command: 'emit', github: githubContextFromEnv({}), notices: [], csv: [csv], ...more };
}

/** An HTTP server that answers every request with `status` and counts them. */
async function counting(status: number): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createHttpServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests };
}

/** A TCP server that accepts every connection and never says a word. */
async function silent(): Promise<{ url: string; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server: Server = createTcpServer((s) => sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => {
    for (const s of sockets) s.destroy();
    return new Promise((r) => server.close(r));
  });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, sockets };
}

async function udp(): Promise<UdpListener> {
  const listener = await listenUdp();
  closers.push(() => listener.close());
  return listener;
}

describe('--dry-run', () => {
  it('sends nothing to StatsD, the Pushgateway or the Datadog API, and says so', async () => {
    const [gw, dd, statsd] = [await counting(200), await counting(202), await udp()];
    const sinks = {
      statsdHost: '127.0.0.1',
      statsdPort: statsd.port,
      statsdProtocol: 'udp' as const,
      pushgatewayUrl: gw.url,
      datadogUrl: `${dd.url}/api/v2/series`,
      datadogApiKey: 'dry-run-key',
    };
    const infos: string[] = [];
    const dry = await run(options({ ...sinks, dryRun: true }), { ...quiet, info: (t) => infos.push(t) });
    expect(dry.exitCode).toBe(0);
    expect(dry.statsd!.printed.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(gw.requests).toEqual([]);
    expect(dd.requests).toEqual([]);
    expect(statsd.datagrams).toEqual([]);
    expect(dry.sinks).toEqual([]);
    expect(infos).toContain('dry run: nothing sent to the Pushgateway or the Datadog API');

    // The same options without --dry-run reach all three: the stand-ins do count.
    const wet = await run(options(sinks), quiet);
    expect(wet.exitCode).toBe(0);
    expect(gw.requests).toEqual(['PUT /metrics/job/training_metrics/experiment/gpt3-1.3b-tp1']);
    expect(dd.requests).toEqual(['POST /api/v2/series']);
    expect((await statsd.waitForLines(1)).length).toBeGreaterThan(0);
  });
});

describe('sink-timeout', () => {
  it('ends a job whose Pushgateway and Datadog API never answer within the one budget, verdict unchanged', async () => {
    const [gw, dd] = [await silent(), await silent()];
    const warnings: string[] = [];
    const started = Date.now();
    const result = await run(
      options({ pushgatewayUrl: gw.url, datadogUrl: dd.url, datadogApiKey: 'k', sinkTimeout: 1 }),
      { ...quiet, warn: (t) => warnings.push(t) },
    );
    const elapsed = Date.now() - started;
    expect(result.exitCode).toBe(0);
    // The sinks together get one second, not the 30 s default each: a loose bound between the two, so a
    // loaded machine does not fail it.
    expect(elapsed).toBeLessThan(15_000);
    expect(gw.sockets.length).toBeGreaterThan(0);
    expect(result.sinks.map((s) => [s.sink, s.ok])).toEqual([
      ['pushgateway', false],
      ['datadog', false],
    ]);
    expect(warnings.some((w) => /^pushgateway: push of .* out of the 1 s allowed for sending/.test(w))).toBe(true);
    expect(warnings.some((w) => /^Datadog: .* not sent .*out of the 1 s allowed for sending/.test(w))).toBe(true);
  }, 40_000);

  it('is a flag and an input: a number of seconds', async () => {
    const { PARAMETERS } = await import('../../src/parameters.js');
    expect(PARAMETERS.find((p) => p.name === 'sink-timeout')).toMatchObject({ key: 'sinkTimeout', kind: 'number' });
    expect(DEFAULT_OPTIONS.sinkTimeout).toBe(30);
  });
});
