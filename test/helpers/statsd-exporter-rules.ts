/**
 * Test-only: statsd_exporter's mapping rules as its source states them (v0.23.0, pkg/mapper/mapper.go and
 * pkg/mapper/fsm), for checking a generated mapping without the exporter itself (no Debian package):
 *
 * - loading: label names `[a-zA-Z_][a-zA-Z0-9_]+`, metric names with `${n}` references, glob matches per
 *   metricLineRE (first component starts with a letter or `_`, later ones may start with a digit), regexes
 *   that compile;
 * - the warning "match is a super set of match but in a lower order, the first will never be matched"
 *   (fsm.TestIfNeedBacktracking): among glob matches with the same number of components, a match with a `*`
 *   whose regex (`*` → `([^.]*)`) matches a later match's text — whatever their match_metric_type;
 * - lookup: globs first (component by component, `*` one whole component, the lowest index wins with
 *   ordering on), then regexes in file order, skipping one whose match_metric_type differs; names and label
 *   values are filled from the captures (`${1}`; Go's `$name` reads letters, digits and `_` as the name).
 */
import { parse } from 'yaml';

export type StatsdMetricType = 'counter' | 'gauge' | 'observer';

export interface ExporterMapping {
  match: string;
  match_type?: 'glob' | 'regex';
  match_metric_type?: StatsdMetricType;
  name: string;
  help?: string;
  observer_type?: 'histogram' | 'summary';
  histogram_options?: { buckets?: number[] };
  labels?: Record<string, string>;
  [key: string]: unknown;
}

export interface MappingMatch {
  mapping: ExporterMapping;
  /** The mapped name, before the exporter's escaping of characters a Prometheus name cannot have. */
  name: string;
  labels: Record<string, string>;
}

const STATSD_METRIC = '[a-zA-Z_]([a-zA-Z0-9_\\-])*';
const STATSD_METRIC_SUBSEQUENT = '[a-zA-Z0-9_]([a-zA-Z0-9_\\-])*';
const METRIC_LINE_RE = new RegExp(`^(\\*|${STATSD_METRIC})(\\.\\*|\\.${STATSD_METRIC_SUBSEQUENT})*$`);
const METRIC_NAME_RE = /^([a-zA-Z_]|(\$\{?\d+\}?))([a-zA-Z0-9_]|(\$\{?\d+\}?))*$/;
const LABEL_NAME_RE = /^[a-zA-Z_][a-zA-Z0-9_]+$/;

/** A mapping file as statsd_exporter loads it: its mappings, or the error that stops the exporter. */
export class ExporterMapper {
  readonly mappings: ExporterMapping[];
  readonly globOrderingDisabled: boolean;
  private readonly regexes = new Map<ExporterMapping, RegExp>();

  constructor(yamlText: string) {
    const doc = (parse(yamlText) ?? {}) as {
      defaults?: { match_type?: string; glob_disable_ordering?: boolean };
      mappings?: ExporterMapping[];
    };
    const defaultType = doc.defaults?.match_type || 'glob';
    this.globOrderingDisabled = doc.defaults?.glob_disable_ordering === true;
    this.mappings = (doc.mappings ?? []).map((m) => ({ ...m, match_type: m.match_type || (defaultType as 'glob') }));
    for (const [i, m] of this.mappings.entries()) {
      for (const k of Object.keys(m.labels ?? {}))
        if (!LABEL_NAME_RE.test(k)) throw new Error(`invalid label key: ${k}`);
      if (!m.name) throw new Error(`line ${i}: metric mapping didn't set a metric name`);
      if (!METRIC_NAME_RE.test(m.name)) throw new Error(`metric name '${m.name}' doesn't match regex`);
      if (m.match_type === 'glob') {
        if (!METRIC_LINE_RE.test(m.match)) throw new Error(`invalid match: ${m.match}`);
      } else {
        this.regexes.set(m, new RegExp(m.match));
      }
    }
  }

  /** The "super set" warnings the exporter logs when it loads this file, as [first_match, second_match]. */
  supersetWarnings(): [string, string][] {
    if (this.globOrderingDisabled) return [];
    const globs = this.mappings.filter((m) => m.match_type === 'glob').map((m) => m.match);
    const out: [string, string][] = [];
    globs.forEach((r1, i1) => {
      if (!r1.includes('*')) return;
      const re1 = new RegExp(`^${r1.replaceAll('.', '\\.').replaceAll('*', '([^.]*)')}$`);
      const length = r1.split('.').length;
      globs.forEach((r2, i2) => {
        if (i2 > i1 && r2.split('.').length === length && re1.test(r2)) out.push([r1, r2]);
      });
    });
    return out;
  }

  /** The mapping statsd_exporter applies to a line of this name and type, or null (unmapped). */
  lookup(statsdName: string, type: StatsdMetricType): MappingMatch | null {
    const fields = statsdName.split('.');
    for (const m of this.mappings) {
      if (m.match_type !== 'glob' || (m.match_metric_type && m.match_metric_type !== type)) continue;
      const parts = m.match.split('.');
      if (parts.length !== fields.length) continue;
      const captures: string[] = [];
      if (!parts.every((p, i) => (p === '*' ? captures.push(fields[i]!) > 0 : p === fields[i]))) continue;
      return { mapping: m, name: formatGlob(m.name, captures), labels: globLabels(m, captures) };
    }
    for (const m of this.mappings) {
      const re = this.regexes.get(m);
      const found = re?.exec(statsdName);
      if (!found) continue;
      if (m.match_metric_type && m.match_metric_type !== type) continue;
      const labels: Record<string, string> = {};
      for (const [k, v] of Object.entries(m.labels ?? {})) labels[k] = expandGo(v, found);
      return { mapping: m, name: expandGo(m.name, found), labels };
    }
    return null;
  }
}

/** fsm.TemplateFormatter: `${n}`/`$n` for a capture 1…count, anything else referenced becomes ''. */
function formatGlob(template: string, captures: string[]): string {
  return template.replace(/\$\{?([a-zA-Z0-9_$]+)\}?/g, (_, ref: string) => {
    const n = Number(ref);
    return Number.isInteger(n) && n >= 1 && n <= captures.length ? captures[n - 1]! : '';
  });
}

function globLabels(m: ExporterMapping, captures: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.labels ?? {})) out[k] = formatGlob(v, captures);
  return out;
}

/** Go's Regexp.ExpandString: `${name}` or `$name` (the longest run of letters, digits, `_`); unknown → ''. */
function expandGo(template: string, found: RegExpExecArray): string {
  return template.replace(/\$(?:\{([a-zA-Z0-9_]+)\}|([a-zA-Z0-9_]+)|\$)/g, (all, braced?: string, bare?: string) => {
    if (all === '$$') return '$';
    const ref = braced ?? bare ?? '';
    return /^\d+$/.test(ref) ? (found[Number(ref)] ?? '') : '';
  });
}

/** mapper.EscapeMetricName: a leading digit gets `_`, every character outside `[a-zA-Z0-9_]` becomes `_`. */
export function escapeMetricName(name: string): string {
  const lead = /^[0-9]/.test(name) ? '_' : '';
  return lead + name.replace(/-{2,}/g, '-').replace(/[^a-zA-Z0-9_]/g, '_');
}
