import { describe, expect, it } from 'vitest';
import { classify } from '../classify/index.js';
import { InputError } from '../model.js';
import { DEFAULT_CONFIG } from './index.js';
import { parseConfig } from './parse.js';
import { sectionValue } from './section.js';

describe('config', () => {
  it('overrides classification by glob, first match wins, and keeps settings', () => {
    const c = parseConfig(
      [
        'loss_every: 100',
        'warmup_steps: 20',
        'metrics:',
        '  "debug_*": { kind: ignore }',
        '  "train.*": { kind: window, direction: higher }',
        '  "train.lm_loss": { kind: gauge }',
        'gate:',
        '  min_runs: 5',
      ].join('\n'),
      'c.yml',
    );
    expect(c.summary.lossEvery).toBe(100);
    expect(c.summary.warmupSteps).toBe(20);
    expect(classify('debug_grad', c).kind).toBe('ignore');
    expect(classify('debug_grad', c).gate).toBe(false);
    expect(classify('train.lm_loss', c)).toMatchObject({ kind: 'window', direction: 'higher' });
    expect(classify('MFU', c).kind).toBe('window');
    expect(sectionValue(c.gate).minRuns).toBe(5);
  });

  it('takes no warm-up steps, and keeps the defaults of the settings not given', () => {
    const c = parseConfig('warmup_steps: 0\n', 'c.yml');
    expect(c.summary).toEqual({ ...DEFAULT_CONFIG.summary, warmupSteps: 0 });
    expect(parseConfig('', 'c.yml').summary).toEqual(DEFAULT_CONFIG.summary);
  });

  it('matches patterns against the header and its key, case-insensitively', () => {
    const c = parseConfig('metrics:\n  "memory_used": { gate: false }\n', 'c.yml');
    expect(classify('memory.used [MiB]', c).gate).toBe(true); // key is memory.used, not memory_used
    const d = parseConfig('metrics:\n  "memory.used*": { gate: false }\n', 'c.yml');
    expect(classify('Memory.Used [MiB]', d).gate).toBe(false);
  });

  it.each([
    ['loss_every: 0', 1, 'loss_every must be a whole number from 1'],
    ['warmup_steps: -1', 1, 'warmup_steps must be a whole number'],
    ['warmup_steps: 1e300', 1, 'warmup_steps must be a whole number from 0 to 9007199254740991, got 1e+300'],
    ['max_windows: 100000000', 1, 'max_windows must be a whole number from 1 to 4096'],
    ['loss_max_points: 1e9', 1, 'loss_max_points must be a whole number from 1 to 100000'],
    ['metrics:\n  "x": { kind: banana }', 2, 'kind must be one of'],
    ['metrics:\n  "x": { colour: red }', 2, 'unknown metric setting "colour"'],
    ['metrics: [1, 2', 1, 'invalid YAML'],
    ['- a\n- b', 1, 'must be a mapping'],
  ])('reports %j at its line', (text, line, message) => {
    try {
      parseConfig(text, 'bad.yml');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).line).toBe(line);
      expect((e as InputError).message).toContain(message);
      expect((e as InputError).message.startsWith('bad.yml:')).toBe(true);
    }
  });
});
