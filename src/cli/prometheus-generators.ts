/**
 * `mapping statsd-exporter` and `dashboard grafana`: print the statsd_exporter mapping YAML and the Grafana
 * dashboard JSON. With `--csv FILE` (repeatable) the columns of those files are classified as a run's would
 * be (with `--config`), so the output names exactly what the sinks send; without, generic rules apply.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { classify } from '../classify/index.js';
import { loadConfig } from '../config/index.js';
import { grafanaDashboard, type DashboardMetric, type DashboardSource } from '../dashboards/grafana.js';
import { statsdExporterMapping } from '../dashboards/statsd-exporter-mapping.js';
import { openTable } from '../ingest/index.js';
import { InputError } from '../model.js';
import { summarizeRun } from '../summarize/index.js';
import type { Generator } from './generators.js';
import { GRAFANA_FLAGS, MAPPING_FLAGS } from './usage.js';

const DEFAULT_PREFIX = 'training_metrics';

/** Columns and classes of the given metric files, in file order, each name once. */
export async function columnsOf(files: string[], configPath: string | null): Promise<DashboardMetric[]> {
  const config = await loadConfig(configPath);
  const out: DashboardMetric[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    // Summarised as a run would be, so the units match what the sinks send (an MFU logged in percent
    // is read as percent from its values, not from its name).
    const summary = await summarizeRun(
      { name: file, experiment: file, tags: {}, fingerprint: {}, table: await openTable(file) },
      config,
    );
    const classes = new Map(summary.metrics.map((m) => [m.name, m.class]));
    for (const name of summary.metrics.map((m) => m.name)) {
      if (seen.has(name)) continue;
      seen.add(name);
      out.push({ name, class: classes.get(name) ?? classify(name, config) });
    }
  }
  return out;
}

function parse(args: string[], extra: NonNullable<ParseArgsConfig['options']>, usage: string) {
  try {
    return parseArgs({
      args,
      options: {
        csv: { type: 'string', multiple: true },
        config: { type: 'string' },
        prefix: { type: 'string' },
        ...extra,
      },
      allowPositionals: false,
      strict: true,
    }).values as Record<string, string | string[] | boolean | undefined>;
  } catch (e) {
    throw new InputError('arguments', null, `${(e as Error).message.split('\n')[0]}\n${usage}`);
  }
}

export const MAPPING_USAGE = `usage: training-metrics-gate mapping statsd-exporter ${MAPPING_FLAGS}`;

/** `training-metrics-gate mapping statsd-exporter …` (args start with the subcommand). */
export const MAPPING_GENERATOR: Generator = {
  usage: MAPPING_USAGE,
  async run(args) {
    const [what, ...rest] = args;
    if (what !== 'statsd-exporter')
      throw new InputError('arguments', null, `unknown mapping "${what ?? ''}"\n${MAPPING_USAGE}`);
    const v = parse(rest, {}, MAPPING_USAGE);
    const metrics = await columnsOf((v.csv as string[] | undefined) ?? [], (v.config as string | undefined) ?? null);
    return statsdExporterMapping(metrics, { prefix: (v.prefix as string | undefined) ?? DEFAULT_PREFIX });
  },
};

export const GRAFANA_USAGE = `usage: training-metrics-gate dashboard grafana ${GRAFANA_FLAGS}`;

/** `training-metrics-gate dashboard grafana …` (args after `grafana`): the JSON, or with --apply the dashboard saved in Grafana. */
export const GRAFANA_GENERATOR: Generator = {
  usage: GRAFANA_USAGE,
  async run(args, env) {
    const v = parse(
      args,
      {
        source: { type: 'string' },
        'datasource-uid': { type: 'string' },
        title: { type: 'string' },
        uid: { type: 'string' },
        'no-gate': { type: 'boolean' },
        gpu: { type: 'boolean' },
        apply: { type: 'boolean' },
        'grafana-url': { type: 'string' },
        'folder-uid': { type: 'string' },
      },
      GRAFANA_USAGE,
    );
    if ((v['grafana-url'] !== undefined || v['folder-uid'] !== undefined) && !v.apply) {
      throw new InputError('arguments', null, '--grafana-url and --folder-uid go with --apply');
    }
    const source = (v.source as string | undefined) ?? 'pushgateway';
    if (source !== 'pushgateway' && source !== 'statsd-exporter') {
      throw new InputError('arguments', null, `--source must be pushgateway or statsd-exporter, not "${source}"`);
    }
    const metrics = await columnsOf((v.csv as string[] | undefined) ?? [], (v.config as string | undefined) ?? null);
    if (source === 'statsd-exporter' && metrics.length === 0) {
      throw new InputError(
        'arguments',
        null,
        'a statsd-exporter dashboard needs --csv FILE: its histogram names depend on the columns and their units',
      );
    }
    const dashboard = grafanaDashboard(metrics, {
      prefix: (v.prefix as string | undefined) ?? DEFAULT_PREFIX,
      source: source as DashboardSource,
      datasourceUid: (v['datasource-uid'] as string | undefined) ?? null,
      gate: !v['no-gate'],
      gpu: Boolean(v.gpu),
      ...(v.title ? { title: v.title as string } : {}),
      ...(v.uid ? { uid: v.uid as string } : {}),
    });
    if (!v.apply) return `${JSON.stringify(dashboard, null, 2)}\n`;
    const { applyGrafanaDashboard, grafanaTargetFrom } = await import('../dashboards/grafana-apply.js');
    const saved = await applyGrafanaDashboard(
      dashboard,
      grafanaTargetFrom(v['grafana-url'] as string | undefined, env),
      v['folder-uid'] as string | undefined,
    );
    return `dashboard saved: ${dashboard.title} (uid ${saved.uid}, version ${saved.version}, ${saved.url})\n`;
  },
};
