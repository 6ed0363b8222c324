import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, type Options } from '../../src/options.js';
import { parseDuration, watchSettings } from '../../src/watch/settings.js';

const options = (o: Partial<Options>): Options =>
  ({ ...structuredClone(DEFAULT_OPTIONS), command: 'watch', notices: [], github: {}, ...o }) as Options;

describe('watch settings', () => {
  it('durations in ms, s, m, h or plain seconds', () => {
    expect(parseDuration('x', '500ms')).toBe(500);
    expect(parseDuration('x', '30s')).toBe(30_000);
    expect(parseDuration('x', '10m')).toBe(600_000);
    expect(parseDuration('x', '2h')).toBe(7_200_000);
    expect(parseDuration('x', '1.5')).toBe(1500);
    for (const bad of ['', '0', '-1s', '10 minutes', '1e3'])
      expect(() => parseDuration('x', bad)).toThrow(/expected a duration/);
    // Past the longest timer a wait would fire at once (1000h polled nvidia-smi every millisecond).
    expect(parseDuration('x', '596h')).toBe(596 * 3_600_000);
    expect(() => parseDuration('gpu-poll', '1000h')).toThrow(
      /gpu-poll: "1000h" is longer than the longest a timer can wait/,
    );
  });

  it('defaults: 127.0.0.1:9094, nan, divergence and stall, 10 minutes, 10 s grace, 250 ms polls', () => {
    const s = watchSettings(options({}));
    expect(s.listen).toEqual({ host: '127.0.0.1', port: 9094 });
    expect([...s.abortOn]).toEqual(['nan', 'divergence', 'stall']);
    expect(s).toMatchObject({
      stallAfterMs: 600_000,
      graceMs: 10_000,
      pollMs: 250,
      collapseBelow: null,
      gpuPollMs: null,
    });
  });

  it('collapse: on with its fraction when listed or when the fraction is given; none and off turn things off', () => {
    expect(watchSettings(options({ abortOn: 'collapse' })).collapseBelow).toBe(0.5);
    const given = watchSettings(options({ collapseBelow: '0.3' }));
    expect(given.collapseBelow).toBe(0.3);
    expect(given.abortOn.has('collapse')).toBe(true);
    expect(watchSettings(options({ abortOn: 'none' })).abortOn.size).toBe(0);
    expect(watchSettings(options({ listen: 'off' })).listen).toBeNull();
    expect(watchSettings(options({ listen: '[::1]:9100' })).listen).toEqual({ host: '::1', port: 9100 });
    expect(() => watchSettings(options({ listen: '127.0.0.1:99999' }))).toThrow(/HOST:PORT/);
  });
});
