import { createServer, type Server as HttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../model.js';
import type { GitHubContext } from '../../options.js';
import { requireProgram } from '../../../test/helpers/programs.js';
import { freePort, startPushgateway, type Server } from '../../../test/helpers/prometheus-servers.js';
import { ezpzRun, gateFor, megatronRun } from '../../../test/helpers/run-summaries.js';
import { encodeGrouping, pushRunResults, type PushgatewayOptions } from './pushgateway.js';

const github: GitHubContext = {
  ref: 'refs/heads/main',
  eventName: 'push',
  workflow: 'nightly',
  defaultBranch: 'main',
  serverUrl: 'https://github.com',
  repository: 'o/r',
  runId: '1',
  sha: '',
  prNumber: null,
};
// Jitter pinned at its top, so each backoff is the full base·2ⁿ.
const options: PushgatewayOptions = {
  prefix: 'training_metrics',
  tags: {},
  allowIdTags: false,
  github,
  backoffMs: 20,
  retries: 2,
  timeoutMs: 2000,
  deps: { random: () => 1 - 1e-9 },
};

describe('encodeGrouping', () => {
  it('uses the Pushgateway base64url form only where a value needs it', () => {
    expect(encodeGrouping({ experiment: 'gpt3' })).toEqual({ experiment: 'gpt3' });
    expect(encodeGrouping({ experiment: 'a/b?' })).toEqual({ 'experiment@base64': 'YS9iPw' });
    expect(encodeGrouping({ experiment: '' })).toEqual({ 'experiment@base64': '=' });
    expect(encodeGrouping({ experiment: 'v1.2_a-b~c' })).toEqual({ experiment: 'v1.2_a-b~c' });
  });

  it('never sends `.` or `..` as a path step: they would climb out of the group', () => {
    expect(encodeGrouping({ experiment: '.' })).toEqual({ 'experiment@base64': 'Lg' });
    expect(encodeGrouping({ experiment: '..' })).toEqual({ 'experiment@base64': 'Li4' });
    expect(encodeGrouping({ experiment: '../x' })).toEqual({ 'experiment@base64': 'Li4veA' });
  });
});

/** Names that a URL path would read as something else. */
const HOSTILE_EXPERIMENTS = ['.', '..', '', 'a/b', '../..', '%2e%2e', 'x?y&z'];

describe('the URL each experiment is pushed to', () => {
  it('stays inside /metrics/job/<job>/experiment…/<value>, one path per experiment (loopback stand-in)', async () => {
    const paths: string[] = [];
    const server = createServer((req, res) => {
      paths.push(req.url!);
      req.resume();
      req.on('end', () => res.writeHead(200).end());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const runs = HOSTILE_EXPERIMENTS.map((e) => ({ ...megatronRun(e), name: `r${e.length}` }));
    const report = await pushRunResults(url, runs, null, options);
    server.close();
    expect(report.ok).toBe(true);
    expect(paths).toEqual([
      '/metrics/job/training_metrics/experiment%40base64/Lg',
      '/metrics/job/training_metrics/experiment%40base64/Li4',
      '/metrics/job/training_metrics/experiment%40base64/%3D',
      '/metrics/job/training_metrics/experiment%40base64/YS9i',
      '/metrics/job/training_metrics/experiment%40base64/Li4vLi4',
      '/metrics/job/training_metrics/experiment%40base64/JTJlJTJl',
      '/metrics/job/training_metrics/experiment%40base64/eD95Jno',
    ]);
  });
});

interface GroupJson {
  labels: Record<string, string>;
  [family: string]: unknown;
}
async function groups(url: string): Promise<GroupJson[]> {
  const body = (await (await fetch(`${url}/api/v1/metrics`)).json()) as { data: GroupJson[] };
  return body.data;
}
function familyValues(group: GroupJson, name: string): { labels: Record<string, string>; value: string }[] {
  return (group[name] as { metrics: { labels: Record<string, string>; value: string }[] } | undefined)?.metrics ?? [];
}

const pushgateway = requireProgram(
  'Prometheus Pushgateway',
  '/usr/bin/prometheus-pushgateway',
  'prometheus-pushgateway',
  'pushgateway',
);

describe.skipIf(!pushgateway)('pushRunResults against the real Pushgateway (Debian prometheus-pushgateway)', () => {
  let gw: Server;
  beforeAll(async () => {
    gw = await startPushgateway(pushgateway!);
  });
  afterAll(async () => {
    await gw?.stop();
  });

  it('stores a group whose experiment has a slash, with the MFU median from the real ezpz file as a ratio', async () => {
    const run = ezpzRun('perlmutter/agpt-2b');
    const report = await pushRunResults(gw.url, [run], [gateFor(run)], options);
    expect(report).toMatchObject({ sink: 'pushgateway', ok: true, attempts: 1, warnings: [] });
    expect(report.sent).toBeGreaterThan(20);
    const group = (await groups(gw.url)).find((g) => g.labels.experiment === 'perlmutter/agpt-2b')!;
    expect(group.labels).toEqual({ job: 'training_metrics', experiment: 'perlmutter/agpt-2b' });
    const median = familyValues(group, 'training_metrics_mfu_ratio').find((m) => m.labels.quantile === '0.5')!;
    expect(Number(median.value)).toBeCloseTo(0.04467, 10);
    expect(median.labels).toMatchObject({
      run: 'agpt-2b/bs2',
      branch_type: 'main',
      event: 'push',
      workflow_name: 'nightly',
    });
    expect(familyValues(group, 'training_metrics_gate_regression').map((m) => m.value)).toEqual(['0']);
  });

  it('keeps `.`, `..`, an empty name and names with `/` each in a group of its own, none at the job level', async () => {
    const runs = HOSTILE_EXPERIMENTS.map((e) => ({ ...megatronRun(e), name: `hostile-${e.length}` }));
    const report = await pushRunResults(gw.url, runs, null, options);
    expect(report).toMatchObject({ ok: true, attempts: HOSTILE_EXPERIMENTS.length });
    const stored = (await groups(gw.url)).filter((g) => g.labels.job === 'training_metrics');
    // No group without an experiment label: `..` used to land in the job-level group.
    expect(stored.every((g) => 'experiment' in g.labels)).toBe(true);
    for (const experiment of HOSTILE_EXPERIMENTS) {
      const mine = stored.filter((g) => g.labels.experiment === experiment);
      expect(mine, experiment).toHaveLength(1);
      const runsOf = familyValues(mine[0]!, 'training_metrics_run_steps').map((m) => m.labels.run);
      expect(runsOf, experiment).toEqual([`hostile-${experiment.length}`]);
    }
  });

  it('replaces the group on the next push (PUT), so a run from an earlier batch disappears', async () => {
    const first = megatronRun('replace-me');
    await pushRunResults(gw.url, [first, { ...first, name: 'old-run' }], null, options);
    let group = (await groups(gw.url)).find((g) => g.labels.experiment === 'replace-me')!;
    expect(
      familyValues(group, 'training_metrics_run_steps')
        .map((m) => m.labels.run)
        .sort(),
    ).toEqual(['gpt3-15b-8t', 'old-run']);
    const report = await pushRunResults(gw.url, [first], null, options);
    expect(report.ok).toBe(true);
    group = (await groups(gw.url)).find((g) => g.labels.experiment === 'replace-me')!;
    expect(familyValues(group, 'training_metrics_run_steps').map((m) => m.labels.run)).toEqual(['gpt3-15b-8t']);
    // Steady-state median of the real iteration-time column (steps ≥ 100, every 100th step measured).
    const it = familyValues(group, 'training_metrics_iteration_time_seconds').find((m) => m.labels.quantile === '0.5')!;
    expect(Number(it.value)).toBeCloseTo(first.metrics.find((m) => m.name === 'iteration-time')!.steady!.median, 10);
  });
});

describe('pushRunResults when the Pushgateway is out', () => {
  let server: HttpServer | undefined;
  afterAll(() => server?.close());

  async function answering(status: number): Promise<{ url: string; times: number[] }> {
    const times: number[] = [];
    server?.close();
    server = createServer((req, res) => {
      times.push(Date.now());
      req.resume();
      req.on('end', () =>
        res.writeHead(status, { 'content-type': 'text/plain' }).end(`status ${status} from a loopback stand-in`),
      );
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, times };
  }

  it('retries a closed port with backoff, then warns without throwing', async () => {
    const port = await freePort();
    const started = Date.now();
    const report = await pushRunResults(`http://127.0.0.1:${port}`, [megatronRun('e')], null, options);
    expect(report.ok).toBe(false);
    expect(report.attempts).toBe(3);
    expect(report.sent).toBe(0);
    // Backoff 20 ms then 40 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toMatch(
      new RegExp(
        `pushgateway: push of job=training_metrics experiment=e to http://127.0.0.1:${port} failed after 3 attempts: .*ECONNREFUSED`,
      ),
    );
  });

  it('retries a loopback server answering 503 (Pushgateway API stand-in) with growing delays', async () => {
    const { url, times } = await answering(503);
    const report = await pushRunResults(url, [megatronRun('e')], null, { ...options, retries: 3 });
    expect(report).toMatchObject({ ok: false, attempts: 4, sent: 0 });
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(18);
    expect(gaps[1]).toBeGreaterThanOrEqual(38);
    expect(gaps[2]).toBeGreaterThanOrEqual(78);
    expect(report.warnings[0]).toMatch(/failed after 4 attempts: push failed with status 503/);
  });

  it('gives up on a loopback server that never answers, after the timeout and its retries', async () => {
    const sockets: import('node:net').Socket[] = [];
    const silent = (await import('node:net')).createServer((socket) => sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    const report = await pushRunResults(url, [megatronRun('e')], null, { ...options, retries: 1, timeoutMs: 300 });
    for (const s of sockets) s.destroy();
    silent.close();
    expect(report).toMatchObject({ ok: false, attempts: 2 });
    expect(sockets).toHaveLength(2);
    expect(report.warnings[0]).toMatch(/failed after 2 attempts: Pushgateway request timed out/);
  });

  it('does not try the next groups once the Pushgateway is out, and keeps to its time budget', async () => {
    const { url, times } = await answering(503);
    const runs = ['a', 'b', 'c'].map((e) => megatronRun(e));
    const report = await pushRunResults(url, runs, null, { ...options, retries: 5, backoffMs: 100, budgetMs: 400 });
    // 100 + 200 ms of backoff fit in 400 ms; the third wait (400 ms) would not, so it stops there, short of
    // its 6 attempts (on a loaded machine the requests' own time can leave room for only 2).
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times.length).toBeLessThanOrEqual(3);
    expect(report).toMatchObject({ ok: false, attempts: times.length, sent: 0 });
    expect(report.warnings).toEqual([
      expect.stringMatching(
        /experiment=a .*failed after [23] attempts: push failed with status 503.*; out of the 0\.4 s allowed for sending$/,
      ),
      'pushgateway: the remaining 2 group(s) not pushed after that failure',
    ]);
  });

  it('goes on with the other groups after a group refused with 400', async () => {
    const times: string[] = [];
    server?.close();
    server = createServer((req, res) => {
      times.push(req.url!);
      req.resume();
      req.on('end', () => res.writeHead(req.url!.includes('/experiment/bad') ? 400 : 200).end());
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const report = await pushRunResults(url, [megatronRun('bad'), megatronRun('good')], null, options);
    expect(times).toEqual([
      '/metrics/job/training_metrics/experiment/bad',
      '/metrics/job/training_metrics/experiment/good',
    ]);
    expect(report).toMatchObject({ ok: false, attempts: 2 });
    expect(report.sent).toBeGreaterThan(0);
    expect(report.warnings).toHaveLength(1);
  });

  it('does not retry a 400 from a loopback stand-in (the request itself is wrong)', async () => {
    const { url, times } = await answering(400);
    const report = await pushRunResults(url, [megatronRun('e')], null, options);
    expect(report).toMatchObject({ ok: false, attempts: 1 });
    expect(times).toHaveLength(1);
  });

  it('never prints the password of a URL with credentials', async () => {
    const port = await freePort();
    const report = await pushRunResults(`http://ci:s3cr3t-pw@127.0.0.1:${port}`, [megatronRun('e')], null, {
      ...options,
      retries: 0,
    });
    expect(report.ok).toBe(false);
    expect(JSON.stringify(report)).not.toContain('s3cr3t-pw');
    expect(report.target).toBe(`http://***@127.0.0.1:${port}`);
  });

  it('throws InputError for a URL that is not http(s)', async () => {
    await expect(pushRunResults('pushgateway:9091', [], null, options)).rejects.toBeInstanceOf(InputError);
    await expect(pushRunResults('not a url', [], null, options)).rejects.toThrow(
      /pushgateway-url: "\(invalid URL\)" is not a URL/,
    );
  });
});
