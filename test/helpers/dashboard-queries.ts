/** Running a generated Grafana dashboard's panel queries against a real Prometheus, as Grafana would. */
import { dashboardQueries, type GrafanaDashboard } from '../../src/dashboards/grafana/dashboard.js';
import { instantQuery } from './prometheus-servers.js';

/** Grafana's substitution for the dashboard's variables: All for the multi-value ones, 1d for the window. */
export function substitute(expr: string): string {
  return expr.replaceAll('$experiment', '.*').replaceAll('$branch_type', '.*').replaceAll('$window', '1d');
}

/** The panel queries that return no series now, as `panel "…" A: expr`. */
export async function emptyPanelQueries(prometheusUrl: string, dashboard: GrafanaDashboard): Promise<string[]> {
  const empty: string[] = [];
  for (const q of dashboardQueries(dashboard).filter((x) => x.where.startsWith('panel'))) {
    const result = await instantQuery(prometheusUrl, substitute(q.expr));
    // NaN is what Grafana draws as no data (histogram_quantile of empty buckets).
    if (!result.some((r) => !Number.isNaN(Number(r.value[1])))) empty.push(`${q.where}: ${q.expr}`);
  }
  return empty;
}
