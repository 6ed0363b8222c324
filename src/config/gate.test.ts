import { describe, expect, it } from 'vitest';
import { DEFAULT_GATE_CONFIG } from '../gate/config.js';
import { InputError } from '../model.js';
import { parseGateConfig } from './gate.js';
import { parseConfig } from './parse.js';
import { sectionValue } from './section.js';

describe('parseGateConfig', () => {
  it('reads the gate section of the YAML config', () => {
    const c = parseConfig(
      'gate:\n  alpha: 0.005\n  min_runs: 8\n  prior_runs: 0\n  prior_cv: { throughput: 0.02 }\n  fail_on_incomplete: false\n',
      'c.yml',
    );
    const g = sectionValue(c.gate);
    expect(g).toMatchObject({ alpha: 0.005, minRuns: 8, priorRuns: 0, requireComplete: false });
    expect(g.priorCv).toEqual({ ...DEFAULT_GATE_CONFIG.priorCv, throughput: 0.02 });
  });
  it('reads require_complete (off by default), and fail_on_incomplete as its older name', () => {
    expect(DEFAULT_GATE_CONFIG.requireComplete).toBe(false);
    expect(parseGateConfig({ require_complete: true }).requireComplete).toBe(true);
    expect(parseGateConfig({ fail_on_incomplete: true }).requireComplete).toBe(true);
    expect(() => parseGateConfig({ require_complete: 'yes' }, 'c.yml')).toThrow(
      /gate\.require_complete must be true or false/,
    );
  });
  it('uses the defaults without a section', () => {
    expect(parseGateConfig(undefined)).toEqual(DEFAULT_GATE_CONFIG);
  });
  it('refuses unknown or out-of-range settings with the file named', () => {
    expect(() => parseGateConfig({ alpha: 2 }, 'c.yml')).toThrow(/^c\.yml: gate\.alpha must be a number from/);
    expect(() => parseGateConfig({ min_runs: 2.5 }, 'c.yml')).toThrow(InputError);
    expect(() => parseGateConfig({ alfa: 0.01 }, 'c.yml')).toThrow(/unknown gate setting "alfa"/);
    expect(() => parseGateConfig({ prior_cv: { speed: 0.01 } }, 'c.yml')).toThrow(/prior_cv\.speed/);
  });
  it('keeps a bad section for the gate to raise: reading the file still succeeds', () => {
    const c = parseConfig('gate:\n  alpha: 2\n', 'c.yml');
    expect(c.gate.ok).toBe(false);
    expect(() => sectionValue(c.gate)).toThrow(/^c\.yml: gate\.alpha must be a number from/);
  });
});
