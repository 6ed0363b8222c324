/**
 * `dashboard grafana`: the Grafana dashboard JSON for the Pushgateway or statsd_exporter route, or with
 * `--apply` the dashboard saved in Grafana. With `--csv FILE` (repeatable) its panels are the columns of
 * those files as a run would send them; without, the usual ones.
 */
import { type DashboardSource, type GrafanaDashboard, grafanaDashboard } from '../../dashboards/grafana/dashboard.js';
import { InputError } from '../../model.js';
import { DEFAULT_OPTIONS } from '../../options.js';
import { type FlagValues, parseGeneratorFlags } from '../generator-flags.js';
import { GRAFANA_FLAGS } from '../help.js';
import { columnsFromFlags } from '../run-columns.js';

const USAGE = `usage: training-metrics-gate dashboard grafana ${GRAFANA_FLAGS}`;

/** The flags after `dashboard grafana` → the JSON, or one line saying where the dashboard was saved. */
export async function dashboardGrafana(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const v = parseGrafanaFlags(args);
  const source = (v.source as string | undefined) ?? 'pushgateway';
  if (source !== 'pushgateway' && source !== 'statsd-exporter' && source !== 'watch') {
    throw new InputError('arguments', null, `--source must be pushgateway, statsd-exporter or watch, not "${source}"`);
  }
  if (source === 'watch') return watchCockpit(v, env);
  const metrics = await columnsFromFlags(v);
  if (source === 'statsd-exporter' && metrics.length === 0) {
    throw new InputError(
      'arguments',
      null,
      'a statsd-exporter dashboard needs --csv FILE: its histogram names depend on the columns and their units',
    );
  }
  const dashboard = grafanaDashboard(metrics, {
    prefix: (v.prefix as string | undefined) ?? DEFAULT_OPTIONS.prefix,
    source: source as DashboardSource,
    datasourceUid: (v['datasource-uid'] as string | undefined) ?? null,
    gate: !v['no-gate'],
    gpu: Boolean(v.gpu),
    tempoUid: (v['tempo-datasource-uid'] as string | undefined) ?? null,
    ...(v.title ? { title: v.title as string } : {}),
    ...(v.uid ? { uid: v.uid as string } : {}),
  });
  if (!v.apply) return `${JSON.stringify(dashboard, null, 2)}\n`;
  const { applyGrafanaDashboard, grafanaTargetFrom } = await import('../../dashboards/grafana/apply.js');
  const saved = await applyGrafanaDashboard(
    dashboard,
    grafanaTargetFrom(v['grafana-url'] as string | undefined, env),
    v['folder-uid'] as string | undefined,
  );
  return `dashboard saved: ${dashboard.title} (uid ${saved.uid}, version ${saved.version}, ${saved.url})\n`;
}

/** `--source watch`: the live cockpit over watch's /metrics (its panels do not depend on the columns). */
async function watchCockpit(v: FlagValues, env: NodeJS.ProcessEnv): Promise<string> {
  for (const flag of ['prefix', 'csv', 'config', 'gpu', 'no-gate', 'tempo-datasource-uid'])
    if (v[flag] !== undefined)
      throw new InputError(
        'arguments',
        null,
        `--${flag} does not apply to --source watch: its series are training_metrics_watch_*, whatever the run's columns and prefix`,
      );
  const { cockpitDashboard } = await import('../../dashboards/grafana/cockpit.js');
  const dashboard = cockpitDashboard({
    datasourceUid: (v['datasource-uid'] as string | undefined) ?? null,
    ...(v.title ? { title: v.title as string } : {}),
    ...(v.uid ? { uid: v.uid as string } : {}),
  });
  if (!v.apply) return `${JSON.stringify(dashboard, null, 2)}\n`;
  const { applyGrafanaDashboard, grafanaTargetFrom } = await import('../../dashboards/grafana/apply.js');
  // apply posts the JSON as it is; the cockpit's stat and repeated panels are outside GrafanaDashboard's type.
  const saved = await applyGrafanaDashboard(
    dashboard as unknown as GrafanaDashboard,
    grafanaTargetFrom(v['grafana-url'] as string | undefined, env),
    v['folder-uid'] as string | undefined,
  );
  return `dashboard saved: ${dashboard.title} (uid ${saved.uid}, version ${saved.version}, ${saved.url})\n`;
}

function parseGrafanaFlags(args: string[]): FlagValues {
  const v = parseGeneratorFlags(
    args,
    {
      source: { type: 'string' },
      'datasource-uid': { type: 'string' },
      'tempo-datasource-uid': { type: 'string' },
      title: { type: 'string' },
      uid: { type: 'string' },
      'no-gate': { type: 'boolean' },
      gpu: { type: 'boolean' },
      apply: { type: 'boolean' },
      'grafana-url': { type: 'string' },
      'folder-uid': { type: 'string' },
    },
    (message) => new InputError('arguments', null, `${message.split('\n')[0]}\n${USAGE}`),
  );
  if ((v['grafana-url'] !== undefined || v['folder-uid'] !== undefined) && !v.apply) {
    throw new InputError('arguments', null, '--grafana-url and --folder-uid go with --apply');
  }
  return v;
}
