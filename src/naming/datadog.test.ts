import { describe, expect, it } from 'vitest';
import { datadogApiBase, datadogStatName, dogstatsdMetricNames, isValidDatadogMetricName } from './datadog.js';

describe('Datadog names', () => {
  it('builds run-level names on the StatsD key', () => {
    expect(datadogStatName('training_metrics', 'lm loss', 'final')).toBe('training_metrics.lm_loss.final');
    expect(datadogStatName('training_metrics', 'MFU', 'median')).toBe('training_metrics.mfu.steady.median');
    expect(isValidDatadogMetricName(datadogStatName('training_metrics', 'memory.used [MiB]', 'p90'))).toBe(true);
  });
  it('lists what the Agent makes of DogStatsD timers, windows and gauges', () => {
    expect(dogstatsdMetricNames('tm', 'step_time', 'timer')).toEqual([
      'tm.step_time.avg',
      'tm.step_time.count',
      'tm.step_time.median',
      'tm.step_time.95percentile',
      'tm.step_time.max',
    ]);
    expect(dogstatsdMetricNames('tm', 'MFU', 'window')).toEqual(['tm.mfu']);
    expect(dogstatsdMetricNames('tm', 'x', 'ignore')).toEqual([]);
  });
  it('rejects names Datadog would not take', () => {
    expect(isValidDatadogMetricName('1abc')).toBe(false);
    expect(isValidDatadogMetricName('a'.repeat(201))).toBe(false);
  });
  it('maps DD_SITE to the API host', () => {
    expect(datadogApiBase(undefined)).toBe('https://api.datadoghq.com');
    expect(datadogApiBase('datadoghq.eu')).toBe('https://api.datadoghq.eu');
    expect(datadogApiBase('https://app.datadoghq.eu/')).toBe('https://api.datadoghq.eu');
    expect(datadogApiBase('ddog-gov.com')).toBe('https://api.ddog-gov.com');
  });
});
