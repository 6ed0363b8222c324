/** Parse and validate the YAML config file's text (see config.ts for its shape). */
import picomatch from 'picomatch';
import { isMap, isScalar, type Node } from 'yaml';
import { InputError, type MetricClass, type MetricKind } from '../model.js';
import { metricKey } from '../naming.js';
import { parseLinedYaml } from '../yaml-lines.js';
import { DEFAULT_CONFIG, type ClassRule, type Config } from './config.js';

const KINDS: MetricKind[] = ['loss', 'timer', 'window', 'gauge', 'ignore'];
const SETTINGS: Record<string, keyof Config> = {
  loss_every: 'lossEvery',
  warmup_steps: 'warmupSteps',
  max_windows: 'maxWindows',
  loss_max_points: 'lossMaxPoints',
};

export function parseConfig(text: string, source: string): Config {
  const { doc, lineOf } = parseLinedYaml(text, source);
  const config: Config = { ...DEFAULT_CONFIG, rules: [], sections: {}, source };
  if (doc.contents === null) return config;
  if (!isMap(doc.contents))
    throw new InputError(source, lineOf(doc.contents), 'the config must be a mapping of settings');

  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const value = pair.value as Node | null;
    const setting = SETTINGS[key];
    if (setting) {
      const n = isScalar(value) ? Number(value.value) : NaN;
      if (!Number.isInteger(n) || n < (setting === 'warmupSteps' ? 0 : 1)) {
        throw new InputError(
          source,
          lineOf(value),
          `${key} must be a whole number${setting === 'warmupSteps' ? '' : ' ≥ 1'}`,
        );
      }
      (config[setting] as number) = n;
    } else if (key === 'metrics') {
      if (!isMap(value)) throw new InputError(source, lineOf(value), 'metrics must map glob patterns to settings');
      for (const rule of value.items) {
        const pattern = isScalar(rule.key) ? String(rule.key.value) : '';
        config.rules.push(parseRule(pattern, rule.value as Node | null, source, lineOf));
      }
    } else {
      config.sections[key] = value && 'toJSON' in value ? (value as { toJSON(): unknown }).toJSON() : null;
    }
  }
  return config;
}

function parseRule(
  pattern: string,
  node: Node | null,
  source: string,
  lineOf: (n: Node | null) => number | null,
): ClassRule {
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
