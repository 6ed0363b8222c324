/**
 * The demo batch through the real pipeline (manifest → ingest → classify → summarize) into the Datadog
 * routes: the API sink against a loopback server following Datadog's documented API, and the DogStatsD
 * lines of the StatsD sink; the generated dashboard and monitors must query exactly the names each route makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { dashboardRequests, datadogDashboard } from '../../src/dashboards/datadog/dashboard.js';
import { datadogMonitors, MONITOR_COMPARISON } from '../../src/dashboards/datadog/monitors.js';
import { metricSetFromColumns } from '../../src/dashboards/datadog/queries.js';
import { openTable, readManifest } from '../../src/ingest/index.js';
import type { GateResult, RunSummary } from '../../src/model.js';
import { buildTags } from '../../src/naming.js';
import { dogstatsdAgentNames, type DatadogSource } from '../../src/naming/datadog.js';
import { sendToDatadog } from '../../src/sinks/datadog/send.js';
import { toStatsdMetrics } from '../../src/sinks/statsd/metrics.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { DEFAULT_OPTIONS, githubContextFromEnv } from '../../src/options.js';
import { run } from '../../src/run.js';
import { startFakeDatadog, type FakeDatadog } from '../helpers/datadog-api-server.js';

const KEY = 'demo0000000000000000000000000key';
const PREFIX = 'training_metrics';
const COMMON = { workflow_name: 'nightly', event: 'schedule', branch_type: 'main' };

let summaries: RunSummary[];
let dd: FakeDatadog;

beforeAll(async () => {
  const { runs, errors } = await readManifest('fixtures/demo/experiment_metadata.jsonl');
  expect(errors).toEqual([]);
  summaries = [];
  for (const r of runs) {
    const table = await openTable(r.file);
    summaries.push(
      await summarizeRun(
        {
          name: r.name,
          experiment: 'demo',
          tags: buildTags([r.config], false).tags,
          fingerprint: r.fingerprint,
          durationSeconds: r.durationSeconds,
          table,
        },
        DEFAULT_CONFIG,
      ),
    );
  }
  dd = await startFakeDatadog({ apiKey: KEY });
});
afterAll(() => dd.close());

/** Names and tag keys a route makes of the demo batch. */
function produced(source: DatadogSource): { names: Set<string>; tagKeys: Set<string> } {
  if (source === 'api') {
    return {
      names: new Set(dd.accepted.map((s) => s.metric)),
      tagKeys: new Set(dd.accepted.flatMap((s) => (s.tags ?? []).map((t) => t.split(':')[0]!))),
    };
  }
  const lines = summaries.flatMap((s) =>
    toStatsdMetrics(s, null, {
      prefix: PREFIX,
      flavor: 'datadog',
      tags: { ...COMMON, experiment: s.experiment, ...s.tags },
    }),
  );
  return {
    names: new Set(lines.flatMap((l) => dogstatsdAgentNames(l.name, l.type))),
    tagKeys: new Set(lines.flatMap((l) => Object.keys(l.tags))),
  };
}

const QUERY = /(?:avg|min|max|sum|p\d\d):([a-z][a-z0-9_.]*)\{([^}]*)\}(?: by \{([^}]*)\})?/g;

function checkAgainst(source: DatadogSource, queries: string[]): void {
  const { names, tagKeys } = produced(source);
  expect(queries.length).toBeGreaterThan(0);
  for (const q of queries) {
    const matches = [...q.matchAll(QUERY)];
    expect(matches.length, q).toBeGreaterThan(0);
    for (const [, metric, , by] of matches) {
      expect(names, `${q}: the ${source} route sends no ${metric}`).toContain(metric);
      for (const g of by?.split(',') ?? []) expect(tagKeys, `${q}: no tag ${g}`).toContain(g);
    }
  }
}

describe('demo batch through the pipeline into Datadog', () => {
  it("the API sink delivers every run to a loopback server following Datadog's documented API", async () => {
    // The gate lands separately: a verdict of the documented shape, as it would judge these runs.
    const gate: GateResult[] = summaries.map((s) => ({
      experiment: s.experiment,
      name: s.name,
      fingerprint: Object.values(s.fingerprint).join('x'),
      regression: false,
      verdict: 'pass',
      judged: 1,
      run: { complete: true, steps: s.steps.count, expectedSteps: null, truncated: s.truncated },
      metrics: [
        {
          name: 'MFU',
          verdict: 'pass',
          direction: 'higher',
          unit: 'ratio',
          current: 0.4,
          baseline: null,
          change: null,
          reason: 'within the band',
        },
      ],
    }));
    const report = await sendToDatadog(summaries, gate, { url: dd.url, apiKey: KEY, prefix: PREFIX, tags: COMMON });
    expect(report.warnings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(dd.requests.every((r) => r.status === 202)).toBe(true);
    const mfu = dd.accepted.filter((s) => s.metric === `${PREFIX}.mfu.steady.median`);
    expect(mfu.map((s) => s.tags!.find((t) => t.startsWith('run:')))).toEqual([
      'run:gpt3-1.3b-tp1',
      'run:gpt3-7b-tp2',
      'run:llama3-8b-tp4',
    ]);
    expect(mfu.every((s) => s.unit === 'fraction' && s.points[0]!.value > 0 && s.points[0]!.value < 1)).toBe(true);
    expect(dd.accepted.find((s) => s.metric === `${PREFIX}.memory.allocated.steady.p90`)!.unit).toBe('mebibyte');
    expect(dd.accepted.filter((s) => s.metric === `${PREFIX}.gate.regression`)).toHaveLength(3);
    expect(JSON.stringify(report)).not.toContain(KEY);
  });

  it("the DogStatsD dashboard and monitors query only names and tags in the engine's own datadog-flavour lines", async () => {
    const lines: string[] = [];
    const github = githubContextFromEnv({
      GITHUB_REF: 'refs/heads/main',
      GITHUB_EVENT_NAME: 'push',
      GITHUB_WORKFLOW: 'nightly',
    });
    const io = {
      info: (m: string) => void lines.push(m),
      warn: () => {},
      error: (m: string) => void lines.push(`ERROR ${m}`),
    };
    await run(
      {
        ...DEFAULT_OPTIONS,
        command: 'emit',
        github,
        notices: [],
        metadata: 'fixtures/demo/experiment_metadata.jsonl',
        dryRun: true,
        statsdFlavor: 'datadog',
      },
      io,
    );
    // <name>:<value>|<type>[|@rate]|#k:v,…
    const parsed = lines
      .map((l) => /^([a-z0-9_.]+):[^|]+\|(g|ms|h|d)(?:\|@[\d.]+)?(?:\|#(.*))?$/.exec(l))
      .filter((m) => m !== null);
    expect(parsed.length).toBeGreaterThan(100);
    const names = new Set(parsed.flatMap((m) => dogstatsdAgentNames(m[1]!, m[2] as 'g' | 'ms' | 'h' | 'd')));
    const tagKeys = new Set(parsed.flatMap((m) => (m[3] ?? '').split(',').map((t) => t.split(':')[0]!)));
    const metrics = metricSetFromColumns(summaries[0]!.metrics);
    const queries = [
      ...dashboardRequests(datadogDashboard({ source: 'dogstatsd', prefix: PREFIX, metrics })).flatMap((r) =>
        r.queries.map((q) => q.query),
      ),
      ...datadogMonitors({ source: 'dogstatsd', prefix: PREFIX, metrics }).map((m) =>
        m.query.replace(MONITOR_COMPARISON, ''),
      ),
    ];
    expect(queries.length).toBeGreaterThan(8);
    for (const q of queries) {
      expect([...q.matchAll(QUERY)].length, q).toBeGreaterThan(0);
      for (const [, metric, , by] of q.matchAll(QUERY)) {
        expect(names, `${q}: the engine sends no ${metric}`).toContain(metric);
        for (const g of by?.split(',') ?? []) expect(tagKeys, `${q}: no tag ${g}`).toContain(g);
      }
    }
  });

  for (const source of ['api', 'dogstatsd'] as const) {
    it(`the ${source} dashboard and monitors query only names and tags the ${source} route produces`, () => {
      const metrics = metricSetFromColumns(summaries[0]!.metrics);
      expect(
        metrics.mfu.length &&
          metrics.loss.length &&
          metrics.stepTime.length &&
          metrics.throughput.length &&
          metrics.memory.length,
      ).toBeTruthy();
      const dashboard = datadogDashboard({ source, prefix: PREFIX, metrics });
      const dq = dashboardRequests(dashboard).flatMap((r) => r.queries.map((q) => q.query));
      checkAgainst(source, dq);
      const monitors = datadogMonitors({ source, prefix: PREFIX, metrics });
      checkAgainst(
        source,
        monitors.map((m) => m.query.replace(MONITOR_COMPARISON, '')),
      );
    });
  }
});
