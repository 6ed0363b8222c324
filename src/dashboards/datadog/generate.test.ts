import { describe, expect, it } from 'vitest';
import { classify } from '../../classify/index.js';
import { DEFAULT_CONFIG } from '../../config/index.js';
import { parseConfig } from '../../config/parse.js';
import { datadogMetricSet, generateDatadogDashboard, generateDatadogMonitors, parseDatadogSource } from './generate.js';
import { DEFAULT_DATADOG_METRICS } from './queries.js';

const DEMO_HEADERS = [
  'train.lm_loss',
  'val.lm_loss',
  'MFU',
  'Tflops',
  'tokens_per_sec',
  'step_time',
  'memory.allocated [MiB]',
  'memory.reserved [MiB]',
  'lr',
  'consumed_tokens',
  'grad_norm',
];

/** The demo file's columns, classified by name under `config`. */
const demoColumns = (config = DEFAULT_CONFIG) => DEMO_HEADERS.map((name) => ({ name, class: classify(name, config) }));

describe('Datadog generators for the commands', () => {
  it("sorts a metrics file's classified columns into panels", () => {
    const set = datadogMetricSet(demoColumns());
    expect(set.loss.map((m) => m.header)).toEqual(['train.lm_loss', 'val.lm_loss']);
    expect(set.mfu.map((m) => m.header)).toEqual(['MFU']);
    expect(set.throughput.map((m) => m.header)).toEqual(['Tflops', 'tokens_per_sec']);
    expect(set.stepTime.map((m) => m.header)).toEqual(['step_time']);
    expect(set.memory.map((m) => m.header)).toEqual(['memory.allocated [MiB]', 'memory.reserved [MiB]']);
  });

  it('uses the usual columns without a file', () => {
    expect(datadogMetricSet(null)).toBe(DEFAULT_DATADOG_METRICS);
  });

  it('follows the config: a column moved to another kind moves panel', () => {
    const config = parseConfig('metrics:\n  step_time:\n    kind: ignore\n', 'tmg.yml');
    expect(datadogMetricSet(demoColumns(config)).stepTime).toEqual([]);
  });

  it('builds dashboard and monitors with the prefix, model tag and notify handle given', () => {
    const d = generateDatadogDashboard({
      source: 'dogstatsd',
      prefix: 'llm',
      columns: demoColumns(),
      modelTag: 'arch',
    });
    expect(JSON.stringify(d)).toContain('p50:llm.mfu{$experiment,$branch_type} by {experiment}');
    expect(JSON.stringify(d)).toContain('by {arch}');
    const m = generateDatadogMonitors({
      source: 'api',
      prefix: 'llm',
      columns: demoColumns(),
      notify: '@pagerduty-ml',
    });
    expect(m.every((x) => x.message.endsWith('@pagerduty-ml'))).toBe(true);
    expect(m.some((x) => x.query.includes('llm.val.lm_loss.nonfinite'))).toBe(true);
  });

  it('parses --source', () => {
    expect(parseDatadogSource('API')).toBe('api');
    expect(parseDatadogSource(undefined)).toBe('dogstatsd');
    expect(parseDatadogSource('agent')).toBeNull();
  });
});
