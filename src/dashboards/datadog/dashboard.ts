/**
 * A Datadog dashboard, as the body of `POST /api/v1/dashboard` (also importable from the dashboard's
 * "Import dashboard JSON"): MFU per experiment, loss per model version, step time, throughput, memory, and
 * with the API route the gate's verdicts; template variables `experiment` and `branch_type`. Pure.
 */
import {
  DATADOG_TEMPLATE_TAGS,
  datadogRunGaugeName,
  datadogStatName,
  type DatadogSource,
} from '../../naming/datadog.js';
import {
  DEFAULT_DATADOG_METRICS,
  metricQuery,
  scoped,
  type DatadogMetricSet,
  type DatadogPanelMetric,
  type PanelStat,
} from './queries.js';
import { statsdName } from '../../naming.js';

export interface DatadogDashboardOptions {
  source: DatadogSource;
  prefix: string;
  metrics?: DatadogMetricSet;
  title?: string;
  /** Tag that tells model versions apart: a key of the manifest's `config` (default `model`). */
  modelTag?: string;
}

export interface DatadogTemplateVariable {
  name: string;
  prefix: string;
  available_values: string[];
  default: string;
}

export interface DatadogQuery {
  data_source: 'metrics';
  name: string;
  query: string;
  aggregator?: 'avg' | 'last' | 'max' | 'min' | 'sum';
}

export interface DatadogRequest {
  response_format: 'timeseries' | 'scalar';
  queries: DatadogQuery[];
  formulas: { formula: string; alias?: string; limit?: { count: number; order: 'asc' | 'desc' } }[];
  display_type?: 'line' | 'bars' | 'area';
}

export interface DatadogWidget {
  definition:
    | { type: 'note'; content: string; background_color?: string; font_size?: string; show_tick?: boolean }
    | { type: 'timeseries'; title: string; show_legend: boolean; requests: DatadogRequest[] }
    | { type: 'query_table'; title: string; requests: DatadogRequest[] }
    | {
        type: 'scatterplot';
        title: string;
        requests: {
          table: {
            response_format: 'scalar';
            queries: DatadogQuery[];
            formulas: { formula: string; dimension: 'x' | 'y'; alias?: string }[];
          };
        };
        color_by_groups: string[];
        xaxis: { label: string; scale: 'linear' };
        yaxis: { label: string; scale: 'linear' | 'log' };
      };
}

export interface DatadogDashboard {
  title: string;
  description: string;
  layout_type: 'ordered';
  reflow_type: 'auto';
  template_variables: DatadogTemplateVariable[];
  widgets: DatadogWidget[];
}

const SCOPE = DATADOG_TEMPLATE_TAGS.map((tag) => `$${tag}`);

export function datadogDashboard(options: DatadogDashboardOptions): DatadogDashboard {
  const { source, prefix } = options;
  const metrics = options.metrics ?? DEFAULT_DATADOG_METRICS;
  const modelTag = options.modelTag ?? 'model';
  const widgets: DatadogWidget[] = [
    {
      definition: { type: 'note', content: note(source), background_color: 'white', font_size: '14', show_tick: false },
    },
  ];

  const series = (
    title: string,
    entries: DatadogPanelMetric[],
    stats: PanelStat[],
    by: string[],
    display: 'line' | 'bars' = 'line',
  ): void => {
    const queries: DatadogQuery[] = [];
    const formulas: DatadogRequest['formulas'] = [];
    for (const m of entries) {
      for (const stat of stats) {
        const q = metricQuery(source, prefix, m, stat);
        if (!q) continue;
        const name = `q${queries.length}`;
        queries.push({ data_source: 'metrics', name, query: scoped(q.query, SCOPE, by) });
        formulas.push({ formula: name, alias: `${m.header} ${q.label}` });
      }
    }
    if (queries.length)
      widgets.push({
        definition: {
          type: 'timeseries',
          title,
          show_legend: true,
          requests: [{ response_format: 'timeseries', queries, formulas, display_type: display }],
        },
      });
  };

  series('MFU per experiment', metrics.mfu, ['centre', 'lowest'], ['experiment']);
  series(`Loss per ${modelTag}`, metrics.loss, source === 'api' ? ['final'] : ['lowest'], [modelTag]);
  for (const m of metrics.loss) {
    if (source === 'api') {
      // Each point: one sampled step of the latest run of a model; x = the step gauge, y = the loss, joined on the step tag.
      const by = ['step', modelTag];
      widgets.push({
        definition: {
          type: 'scatterplot',
          title: `${m.header} curve per ${modelTag} (latest run in the time frame)`,
          requests: {
            table: {
              response_format: 'scalar',
              queries: [
                {
                  data_source: 'metrics',
                  name: 'x',
                  query: scoped(`avg:${datadogStatName(prefix, m.header, 'step')}`, SCOPE, by),
                  aggregator: 'last',
                },
                {
                  data_source: 'metrics',
                  name: 'y',
                  query: scoped(`avg:${statsdName(prefix, m.header)}`, SCOPE, by),
                  aggregator: 'last',
                },
              ],
              formulas: [
                { formula: 'x', dimension: 'x', alias: 'step' },
                { formula: 'y', dimension: 'y', alias: m.header },
              ],
            },
          },
          color_by_groups: [modelTag],
          xaxis: { label: 'step', scale: 'linear' },
          yaxis: { label: m.header, scale: 'log' },
        },
      });
    }
    widgets.push({
      definition: {
        type: 'query_table',
        title: `${m.header}: sampled loss by step (latest value of each step; sort by the step column)`,
        requests: [
          {
            response_format: 'scalar',
            queries: [
              {
                data_source: 'metrics',
                name: 'q0',
                query: scoped(`avg:${statsdName(prefix, m.header)}`, SCOPE, ['step']),
                aggregator: 'last',
              },
            ],
            formulas: [{ formula: 'q0', alias: m.header, limit: { count: 1000, order: 'asc' } }],
          },
        ],
      },
    });
  }
  series('Step time per experiment', metrics.stepTime, ['centre', 'high'], ['experiment']);
  series('Throughput per experiment', metrics.throughput, ['centre'], ['experiment']);
  series('Memory per experiment', metrics.memory, ['max'], ['experiment']);

  if (source === 'api') {
    const gate = datadogRunGaugeName(prefix, 'regression');
    widgets.push({
      definition: {
        type: 'timeseries',
        title: 'Gate: runs judged a regression (1) or not (0)',
        show_legend: true,
        requests: [
          {
            response_format: 'timeseries',
            queries: [
              { data_source: 'metrics', name: 'q0', query: scoped(`max:${gate}`, SCOPE, ['experiment', 'run']) },
            ],
            formulas: [{ formula: 'q0', alias: 'regression' }],
            display_type: 'bars',
          },
        ],
      },
    });
    const health: DatadogQuery[] = metrics.loss.flatMap((m, i) => [
      {
        data_source: 'metrics' as const,
        name: `n${i}`,
        query: scoped(`max:${datadogStatName(prefix, m.header, 'nonFinite')}`, SCOPE, ['experiment', 'run']),
      },
      {
        data_source: 'metrics' as const,
        name: `d${i}`,
        query: scoped(`max:${datadogStatName(prefix, m.header, 'diverged')}`, SCOPE, ['experiment', 'run']),
      },
    ]);
    if (health.length) {
      widgets.push({
        definition: {
          type: 'timeseries',
          title: 'Loss health: NaN/Inf count and divergence (1) per run',
          show_legend: true,
          requests: [
            {
              response_format: 'timeseries',
              queries: health,
              formulas: health.map((q) => ({
                formula: q.name,
                alias: q.name.startsWith('n') ? 'NaN/Inf values' : 'diverged',
              })),
              display_type: 'bars',
            },
          ],
        },
      });
    }
  }

  return {
    title: options.title ?? `Training metrics (${source === 'api' ? 'Datadog API' : 'DogStatsD'})`,
    description: `Generated by training-metrics-gate for metrics prefixed "${prefix}" sent ${source === 'api' ? 'to /api/v2/series' : 'through a Datadog Agent (DogStatsD)'}.`,
    layout_type: 'ordered',
    reflow_type: 'auto',
    template_variables: [
      { name: 'experiment', prefix: 'experiment', available_values: [], default: '*' },
      {
        name: 'branch_type',
        prefix: 'branch_type',
        available_values: ['main', 'pr', 'release', 'other'],
        default: '*',
      },
    ],
    widgets,
  };
}

function note(source: DatadogSource): string {
  return source === 'api'
    ? 'Each point is one run, stamped when it was sent (the API takes no points older than an hour). ' +
        'Loss samples carry a `step:N` tag: the table below lists them by step.'
    : 'Points arrive when the job sends them, all at once after training: read curves by their `step:N` tag, not by time. ' +
        'Percentile queries (`p50:`) need percentiles enabled on the distribution metrics.';
}

/** Every request of every widget, as queries and the formulas over them (for checks and tooling). */
export function dashboardRequests(d: DatadogDashboard): { queries: DatadogQuery[]; formulas: { formula: string }[] }[] {
  return d.widgets.flatMap((w) => {
    const def = w.definition;
    if (def.type === 'note') return [];
    if (def.type === 'scatterplot') return [def.requests.table];
    return def.requests;
  });
}
