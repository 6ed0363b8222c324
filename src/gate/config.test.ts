import { describe, expect, it } from 'vitest';
import { parseConfig } from '../classify/parse-config.js';
import { InputError } from '../model.js';
import { DEFAULT_GATE_CONFIG, gateConfig } from './config.js';

describe('gateConfig', () => {
  it('reads the gate section of the YAML config', () => {
    const c = parseConfig(
      'gate:\n  alpha: 0.005\n  min_runs: 8\n  prior_runs: 0\n  prior_cv: { throughput: 0.02 }\n  fail_on_incomplete: false\n',
      'c.yml',
    );
    const g = gateConfig(c.sections.gate, 'c.yml');
    expect(g).toMatchObject({ alpha: 0.005, minRuns: 8, priorRuns: 0, failOnIncomplete: false });
    expect(g.priorCv).toEqual({ ...DEFAULT_GATE_CONFIG.priorCv, throughput: 0.02 });
  });
  it('uses the defaults without a section', () => {
    expect(gateConfig(undefined)).toEqual(DEFAULT_GATE_CONFIG);
  });
  it('refuses unknown or out-of-range settings with the file named', () => {
    expect(() => gateConfig({ alpha: 2 }, 'c.yml')).toThrow(/^c\.yml: gate\.alpha must be a number from/);
    expect(() => gateConfig({ min_runs: 2.5 }, 'c.yml')).toThrow(InputError);
    expect(() => gateConfig({ alfa: 0.01 }, 'c.yml')).toThrow(/unknown gate setting "alfa"/);
    expect(() => gateConfig({ prior_cv: { speed: 0.01 } }, 'c.yml')).toThrow(/prior_cv\.speed/);
  });
});
