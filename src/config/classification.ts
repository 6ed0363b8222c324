/** The config's `metrics:` section: glob patterns → classification overrides, in the order written. */
import picomatch from 'picomatch';
import { isMap, isScalar, type Node } from 'yaml';
import type { ClassRule } from '../classify/index.js';
import { InputError, METRIC_KINDS, type MetricClass, type MetricKind } from '../model.js';
import { metricKey } from '../naming.js';

const KINDS = METRIC_KINDS;

type LineOf = (n: Node | null) => number | null;

export function parseRules(value: Node | null, source: string, lineOf: LineOf): ClassRule[] {
  if (!isMap(value)) throw new InputError(source, lineOf(value), 'metrics must map glob patterns to settings');
  return value.items.map((rule) => {
    const pattern = isScalar(rule.key) ? String(rule.key.value) : '';
    return parseRule(pattern, rule.value as Node | null, source, lineOf);
  });
}

function parseRule(pattern: string, node: Node | null, source: string, lineOf: LineOf): ClassRule {
  if (!pattern) throw new InputError(source, lineOf(node), 'a metrics pattern is empty');
  if (!isMap(node)) throw new InputError(source, lineOf(node), `settings for "${pattern}" must be a mapping`);
  const override: Partial<MetricClass> = {};
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const raw = isScalar(pair.value) ? pair.value.value : undefined;
    const line = lineOf(pair.value as Node);
    switch (key) {
      case 'kind':
        if (!KINDS.includes(raw as MetricKind))
          throw new InputError(source, line, `kind must be one of ${KINDS.join(', ')}`);
        override.kind = raw as MetricKind;
        break;
      case 'direction':
        if (raw !== 'higher' && raw !== 'lower' && raw !== 'none')
          throw new InputError(source, line, 'direction must be higher, lower or none');
        override.direction = raw;
        break;
      case 'unit':
        override.unit = String(raw ?? '');
        break;
      case 'gate':
        if (typeof raw !== 'boolean') throw new InputError(source, line, 'gate must be true or false');
        override.gate = raw;
        break;
      case 'min_effect': {
        const n = Number(raw);
        if (!(n >= 0 && n < 1)) throw new InputError(source, line, 'min_effect is a fraction: 0.02 means 2 %');
        override.minEffect = n;
        break;
      }
      default:
        throw new InputError(source, line, `unknown metric setting "${key}" (kind, direction, unit, gate, min_effect)`);
    }
  }
  const glob = picomatch(pattern, { nocase: true, dot: true });
  return { pattern, matches: (header) => glob(header) || glob(metricKey(header)), override };
}
