/** A dashboard variable filled by a Prometheus query (label_values), multi-select with All: as every generated dashboard has them. */
import type { GrafanaTarget, GrafanaVariable } from './dashboard.js';

export function queryVariable(
  name: string,
  label: string,
  query: string,
  ds: GrafanaTarget['datasource'],
): GrafanaVariable {
  return {
    name,
    label,
    type: 'query',
    datasource: ds,
    definition: query,
    query: { query, refId: `${name}-query` },
    current: { text: ['All'], value: ['$__all'], selected: true },
    multi: true,
    includeAll: true,
    allValue: '.*',
    refresh: 2,
    sort: 1,
    options: [],
    hide: 0,
  };
}
