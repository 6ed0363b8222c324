/**
 * Structural checks of the generated Datadog dashboard and monitors against what the sinks send:
 * every query names a metric a route actually produces, with an aggregator valid for its type,
 * scopes and groups by tags those metrics carry, and template variables that exist.
 */
import { describe, expect, it } from 'vitest';
import { gptGate, gptRun } from '../../../test/helpers/datadog-fixtures.js';
import { statsdName } from '../../naming.js';
import { dogstatsdMetricNames, type DatadogSource } from '../../naming/datadog.js';
import { toDatadogSeries } from '../../sinks/datadog/series.js';
import { dashboardRequests, datadogDashboard, type DatadogDashboard } from './dashboard.js';
import { datadogSchemaAvailable, schemaProblems } from '../../../test/helpers/datadog-schema.js';
import { datadogMonitors, MONITOR_COMPARISON } from './monitors.js';
import { DEFAULT_DATADOG_METRICS, metricSetFromColumns } from './queries.js';

const PREFIX = 'training_metrics';
const run = gptRun();
const metrics = metricSetFromColumns(run.metrics);

/** Names and tag keys each route produces for the fixture run. */
function sent(source: DatadogSource): { names: Set<string>; distributions: Set<string>; tagKeys: Set<string> } {
  if (source === 'api') {
    const { series } = toDatadogSeries([run], [gptGate(run, false)], {
      prefix: PREFIX,
      tags: { workflow_name: 'w', event: 'push', branch_type: 'main' },
      now: Date.now(),
    });
    return {
      names: new Set(series.map((s) => s.metric)),
      distributions: new Set(),
      tagKeys: new Set(series.flatMap((s) => s.tags.map((t) => t.slice(0, t.indexOf(':'))))),
    };
  }
  // The DogStatsD flavour: every line carries the schema tags and the run's tags; loss lines add step.
  const names = new Set(run.metrics.flatMap((m) => dogstatsdMetricNames(PREFIX, m.name, m.class.kind)));
  const distributions = new Set(
    run.metrics.filter((m) => m.class.kind === 'window').flatMap((m) => dogstatsdMetricNames(PREFIX, m.name, 'window')),
  );
  return {
    names,
    distributions,
    tagKeys: new Set(['experiment', 'workflow_name', 'event', 'branch_type', 'run', 'step', ...Object.keys(run.tags)]),
  };
}

const QUERY = /^(avg|min|max|sum|p(?:50|75|90|95|99)):([a-z][a-z0-9_.]*)\{([^}]*)\}(?: by \{([^}]*)\})?$/;

function checkQuery(query: string, source: DatadogSource, templateVars: Set<string>): void {
  const m = QUERY.exec(query);
  expect(m, query).not.toBeNull();
  const [, aggregator, metric, scope, by] = m!;
  const { names, distributions, tagKeys } = sent(source);
  expect(names, `${query}: ${metric} is not sent by the ${source} route`).toContain(metric);
  if (aggregator!.startsWith('p')) expect(distributions, `${query}: percentiles need a distribution`).toContain(metric);
  for (const s of scope!.split(',').filter((x) => x !== '*')) {
    if (s.startsWith('$')) expect(templateVars, `${query}: no template variable ${s}`).toContain(s.slice(1));
    else expect(tagKeys).toContain(s.slice(0, s.indexOf(':')));
  }
  for (const g of by?.split(',') ?? []) expect(tagKeys, `${query}: metrics carry no tag ${g}`).toContain(g);
}

function dashboardQueries(d: DatadogDashboard): string[] {
  return dashboardRequests(d).flatMap((r) => r.queries.map((q) => q.query));
}

describe.each(['api', 'dogstatsd'] as const)('Datadog generators, %s route', (source) => {
  const dashboard = datadogDashboard({ source, prefix: PREFIX, metrics });
  const monitors = datadogMonitors({ source, prefix: PREFIX, metrics, notify: '@slack-ml-perf' });

  it('the dashboard has the /api/v1/dashboard shape with experiment and branch_type template variables', () => {
    expect(dashboard.layout_type).toBe('ordered');
    expect(dashboard.template_variables.map((t) => t.name)).toEqual(['experiment', 'branch_type']);
    expect(dashboard.widgets.length).toBeGreaterThanOrEqual(6);
    const titles = dashboard.widgets.map((w) => ('title' in w.definition ? w.definition.title : ''));
    for (const want of [/^MFU per experiment/, /^Loss per model/, /^Step time/, /^Throughput/, /^Memory/])
      expect(titles.some((t) => want.test(t))).toBe(true);
    // Round-trips as JSON: no undefined, NaN or functions hidden in it.
    expect(JSON.parse(JSON.stringify(dashboard))).toEqual(dashboard);
  });

  it.skipIf(!datadogSchemaAvailable())(
    "the dashboard and every monitor match Datadog's published API schema (v1 Dashboard, v1 Monitor)",
    () => {
      expect(schemaProblems(dashboard, 'Dashboard', 'v1')).toEqual([]);
      for (const m of monitors) expect(schemaProblems(m, 'Monitor', 'v1'), m.name).toEqual([]);
    },
  );

  it('every dashboard query names a metric this route sends, with valid aggregator, scope and groups', () => {
    const vars = new Set(dashboard.template_variables.map((t) => t.name));
    const queries = dashboardQueries(dashboard);
    expect(queries.length).toBeGreaterThanOrEqual(8);
    for (const q of queries) checkQuery(q, source, vars);
    // Every query is filtered by both template variables, so the selectors work on every widget.
    for (const q of queries) expect(q).toContain('{$experiment,$branch_type}');
  });

  it('every formula refers to a query of its own request, and query names are unique within it', () => {
    const requests = dashboardRequests(dashboard);
    expect(requests.reduce((n, r) => n + r.formulas.length, 0)).toBeGreaterThan(0);
    for (const r of requests) {
      const names = r.queries.map((q) => q.name);
      expect(new Set(names).size).toBe(names.length);
      for (const f of r.formulas) expect(names).toContain(f.formula);
    }
  });

  it('monitors are /api/v1/monitor query alerts whose critical threshold is the number in the query', () => {
    expect(monitors.length).toBeGreaterThanOrEqual(3);
    for (const m of monitors) {
      expect(m.type).toBe('query alert');
      const cmp = MONITOR_COMPARISON.exec(m.query);
      expect(cmp, m.query).not.toBeNull();
      expect(Number(cmp![2])).toBe(m.options.thresholds.critical);
      if (m.options.thresholds.warning !== undefined) {
        // A warning is reached before the critical threshold.
        const below = cmp![1]!.startsWith('<');
        expect(
          below
            ? m.options.thresholds.warning > m.options.thresholds.critical
            : m.options.thresholds.warning < m.options.thresholds.critical,
        ).toBe(true);
      }
      expect(m.message).toContain('@slack-ml-perf');
    }
  });

  it('every monitor query names a metric this route sends', () => {
    const wrapper =
      /^(?:pct_change\((?:avg|min|max|sum)\(last_\d+[mhdw]\),last_\d+[mhdw]\)|(?:avg|min|max|sum)\(last_\d+[mhdw]\)):(.+)$/;
    for (const m of monitors) {
      const inner = wrapper.exec(m.query.replace(MONITOR_COMPARISON, ''));
      expect(inner, m.query).not.toBeNull();
      checkQuery(inner![1]!, source, new Set());
    }
  });

  it('watches MFU against the week before, step time, and the loss', () => {
    expect(
      monitors.some((m) => /^pct_change\(avg\(last_1d\),last_1w\):.*mfu.* by \{experiment\} < -5$/.test(m.query)),
    ).toBe(true);
    expect(monitors.some((m) => /iteration_time.* > 5$/.test(m.query))).toBe(true);
    expect(monitors.some((m) => m.query.includes('lm_loss'))).toBe(true);
  });
});

describe('Datadog generators, route differences', () => {
  it.skipIf(!datadogSchemaAvailable())(
    'the schema check itself refuses a misspelt field, a bad enum and a missing required field',
    () => {
      const d = datadogDashboard({ source: 'api', prefix: PREFIX, metrics });
      const misspelt = JSON.parse(JSON.stringify(d).replace('"display_type"', '"display_typ"'));
      expect(schemaProblems(misspelt, 'Dashboard', 'v1').join()).toMatch(/does not know: display_typ/);
      expect(schemaProblems({ ...d, layout_type: 'sideways' }, 'Dashboard', 'v1').join()).toMatch(/layoutType/);
      const { query: _q, ...noQuery } = datadogMonitors({ source: 'api', prefix: PREFIX, metrics })[0]!;
      expect(schemaProblems(noQuery, 'Monitor', 'v1').join()).toMatch(/missing required property 'query'/);
    },
  );

  it('the API route draws the loss curve as a scatter plot of the step gauge against the loss, joined on step', () => {
    const d = datadogDashboard({ source: 'api', prefix: PREFIX, metrics });
    const scatter = d.widgets.find((w) => w.definition.type === 'scatterplot')!.definition as Extract<
      DatadogDashboard['widgets'][number]['definition'],
      { type: 'scatterplot' }
    >;
    expect(scatter.requests.table.queries.map((q) => q.query)).toEqual([
      'avg:training_metrics.lm_loss.step{$experiment,$branch_type} by {step,model}',
      'avg:training_metrics.lm_loss{$experiment,$branch_type} by {step,model}',
    ]);
    expect(scatter.color_by_groups).toEqual(['model']);
    expect(
      datadogDashboard({ source: 'dogstatsd', prefix: PREFIX, metrics }).widgets.some(
        (w) => w.definition.type === 'scatterplot',
      ),
    ).toBe(false);
  });

  it('the query check itself refuses unknown names, percentiles on gauges, unknown variables and tags', () => {
    const vars = new Set(['experiment', 'branch_type']);
    expect(() => checkQuery('avg:training_metrics.mfu.p50{*}', 'api', vars)).toThrow(/not sent/);
    expect(() => checkQuery('p50:training_metrics.lm_loss{*}', 'dogstatsd', vars)).toThrow(/distribution/);
    expect(() => checkQuery('p50:training_metrics.mfu.steady.median{*}', 'api', vars)).toThrow(/distribution/);
    expect(() => checkQuery('avg:training_metrics.lm_loss{$model}', 'dogstatsd', vars)).toThrow(/template variable/);
    expect(() => checkQuery('avg:training_metrics.lm_loss{*} by {host}', 'dogstatsd', vars)).toThrow(/no tag host/);
  });

  it('API-route monitors catch NaN loss, divergence and the gate verdict; DogStatsD uses percentiles on distributions', () => {
    const api = datadogMonitors({ source: 'api', prefix: PREFIX, metrics }).map((m) => m.query);
    expect(api.some((q) => q.includes('lm_loss.nonfinite') && q.endsWith('> 0'))).toBe(true);
    expect(api.some((q) => q.includes('lm_loss.diverged'))).toBe(true);
    expect(api.some((q) => q.includes('training_metrics.gate.regression{branch_type:main}'))).toBe(true);
    const dog = dashboardQueries(datadogDashboard({ source: 'dogstatsd', prefix: PREFIX, metrics }));
    expect(dog).toContain('p50:training_metrics.mfu{$experiment,$branch_type} by {experiment}');
    expect(dog).toContain('avg:training_metrics.iteration_time.median{$experiment,$branch_type} by {experiment}');
  });

  it('the default column set (without a metrics file) still gives every panel', () => {
    const d = datadogDashboard({ source: 'dogstatsd', prefix: 'tm' });
    const q = dashboardQueries(d);
    for (const m of Object.values(DEFAULT_DATADOG_METRICS).flat())
      expect(
        q.some((x) => x.includes(`:${statsdName('tm', m.header)}`)),
        m.header,
      ).toBe(true);
  });

  it('sorts classified columns into panels by kind, unit and name', () => {
    expect(metrics.mfu.map((m) => m.header)).toEqual(['MFU']);
    expect(metrics.loss.map((m) => m.header)).toEqual(['lm loss']);
    expect(metrics.stepTime.map((m) => m.header)).toEqual(['iteration-time']);
    expect(metrics.throughput.map((m) => m.header)).toEqual(['Tflops']);
    expect(metrics.memory.map((m) => m.header)).toEqual(['mem-max-allocated-bytes']);
  });
});
