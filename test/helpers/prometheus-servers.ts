/**
 * Debian's Prometheus and Pushgateway on free loopback ports, for end-to-end tests. Each server keeps
 * its data in a temporary directory; `stop()` kills the process and removes the directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Server {
  url: string;
  port: number;
  log: () => string;
  stop: () => Promise<void>;
}

/** A port nothing listens on right now (the OS picks it; we close before the server binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Poll `check` until it returns true or `timeoutMs` passes. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
  everyMs = 200,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

function start(program: string, args: string[], port: number, dir: string, readyPath: string): Promise<Server> {
  let output = '';
  const child: ChildProcess = spawn(program, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    url,
    port,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return waitFor(`${program} on ${url}`, async () => {
    if (child.exitCode !== null) throw new Error(`${program} exited: ${output}`);
    return (await fetch(`${url}${readyPath}`)).ok;
  }).then(
    () => server,
    async (e) => {
      await server.stop();
      throw new Error(`${(e as Error).message}\n${output}`);
    },
  );
}

export async function startPushgateway(program: string): Promise<Server> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pushgateway-'));
  // Debian's build defaults --persistence.file to /var/lib/prometheus/pushgateway.data: keep ours in the temp dir.
  return start(
    program,
    [`--web.listen-address=127.0.0.1:${port}`, `--persistence.file=${join(dir, 'pushgateway.data')}`],
    port,
    dir,
    '/-/ready',
  );
}

/** Prometheus scraping `targets` every second with honor_labels (as a Pushgateway must be scraped). */
export async function startPrometheus(program: string, targets: string[]): Promise<Server> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  evaluation_interval: 1s',
    'scrape_configs:',
    '  - job_name: pushgateway',
    '    honor_labels: true',
    '    static_configs:',
    `      - targets: [${targets.map((t) => `'${t}'`).join(', ')}]`,
    '',
  ].join('\n');
  writeFileSync(join(dir, 'prometheus.yml'), config);
  return start(
    program,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    port,
    dir,
    '/-/ready',
  );
}

export interface PromVector {
  metric: Record<string, string>;
  value: [number, string];
}

/** Run an instant query through Prometheus' HTTP API. */
export async function instantQuery(prometheusUrl: string, query: string): Promise<PromVector[]> {
  const res = await fetch(`${prometheusUrl}/api/v1/query?${new URLSearchParams({ query })}`);
  const body = (await res.json()) as {
    status: string;
    error?: string;
    data?: { resultType: string; result: PromVector[] };
  };
  if (body.status !== 'success') throw new Error(`query ${query} failed: ${body.error}`);
  if (body.data!.resultType !== 'vector') throw new Error(`query ${query} returned ${body.data!.resultType}`);
  return body.data!.result;
}
