import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DivergenceDetector } from './divergence.js';

const powerLaw = (step: number) => 2 + 8 * (step + 1) ** -0.5;

/** Feed `loss(step)` for steps [from, to) as one column. */
function feed(d: DivergenceDetector, from: number, to: number, loss: (step: number) => number): void {
  const steps = Float64Array.from({ length: to - from }, (_, i) => from + i);
  d.addColumn(steps, steps.map(loss), 0, steps.length);
}

describe('DivergenceDetector', () => {
  it('ignores a healthy decreasing loss with noise and a short spike', () => {
    const d = new DivergenceDetector();
    feed(d, 0, 2000, (step) => powerLaw(step) * (step >= 1000 && step < 1008 ? 3 : 1) * (1 + 0.01 * Math.sin(step)));
    expect(d.result()).toBeNull();
  });

  it('finds a sustained rise far above the running minimum', () => {
    const d = new DivergenceDetector();
    feed(d, 0, 2000, (step) => (step < 1500 ? powerLaw(step) : powerLaw(step) * (1 + (step - 1500) / 50)));
    const found = d.result();
    expect(found).not.toBeNull();
    expect(found!.step).toBeGreaterThan(1500);
    expect(found!.step).toBeLessThan(1600);
  });

  it('flags a rise that lasts to the end of a run', () => {
    const d = new DivergenceDetector();
    feed(d, 0, 500, powerLaw);
    feed(d, 500, 512, () => 50);
    expect(d.result()).not.toBeNull();
  });

  it('finds the same divergence however the points are cut into columns, skipping NaN and infinities', () => {
    const loss = (step: number) =>
      step % 97 === 0
        ? NaN
        : step % 89 === 0
          ? Infinity
          : step < 1500
            ? powerLaw(step)
            : powerLaw(step) * (1 + (step - 1500) / 50);
    const whole = new DivergenceDetector();
    feed(whole, 0, 2000, loss);
    const cut = new DivergenceDetector();
    for (let from = 0; from < 2000; from += 13) feed(cut, from, Math.min(2000, from + 13), loss);
    expect(whole.result()).not.toBeNull();
    expect(cut.result()).toEqual(whole.result());
  });
});

/** The finite values of `column` in a real CSV, with their steps, in file order. */
function realColumn(file: string, column: string): { steps: Float64Array; values: Float64Array } {
  const [header, ...rows] = readFileSync(new URL(`../../fixtures/real/${file}`, import.meta.url), 'utf8')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split(','));
  const s = header!.indexOf('step');
  const c = header!.indexOf(column);
  const points = rows.filter((r) => r[c] !== '').map((r) => [Number(r[s]), Number(r[c])] as const);
  return { steps: Float64Array.from(points, (p) => p[0]), values: Float64Array.from(points, (p) => p[1]) };
}

/** Standard normal draws from a seeded generator (mulberry32 and Box–Muller). */
function gaussian(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

describe('DivergenceDetector on real per-batch noise', () => {
  it.each([
    ['lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv', 'val_loss'],
    ['lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv', 'train_loss'],
    ['lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv', 'train_loss'],
    ['lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv', 'valid_loss'],
    ['megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv', 'lm loss'],
    // Per-batch losses whose spread is as large as their level (a 9-point median of 0.32 against a best of 0.059).
    ['lightning_csvlogger_metrics_dreams_mimb_noisy_per_batch_loss_3639_rows_crlf.csv', 'train_loss'],
    ['lightning_csvlogger_metrics_dl_fundamentals_1101_rows_loss_to_0p007_crlf.csv', 'train_loss'],
  ])('%s: %s falls with noise and one-batch spikes, and is not divergence', (file, column) => {
    const { steps, values } = realColumn(file, column);
    expect(values.length).toBeGreaterThan(30);
    const d = new DivergenceDetector();
    d.addColumn(steps, values, 0, steps.length);
    expect(d.result()).toBeNull();
  });

  it('ignores one batch 400 times the loss late in a run (a smoothed mean would stay up past the end)', () => {
    const d = new DivergenceDetector();
    feed(d, 0, 100, (step) => (step === 85 ? 400 * powerLaw(step) : powerLaw(step)));
    expect(d.result()).toBeNull();
  });

  it('ignores heavy lognormal per-batch noise around a falling loss', () => {
    const normal = gaussian(7);
    const d = new DivergenceDetector();
    feed(d, 0, 5000, (step) => powerLaw(step) * Math.exp(0.3 * normal()));
    expect(d.result()).toBeNull();
  });

  it('still finds a rise hidden in the same noise', () => {
    const normal = gaussian(11);
    const d = new DivergenceDetector();
    feed(d, 0, 2000, (step) => powerLaw(step) * Math.exp(0.3 * normal()) * (step < 1500 ? 1 : 1 + (step - 1500) / 50));
    expect(d.result()?.step).toBeGreaterThan(1500);
  });
});

describe('DivergenceDetector from the shortest logs to noisy long ones', () => {
  const points = (values: number[]) => {
    const d = new DivergenceDetector();
    const steps = Float64Array.from(values, (_, i) => 10 * (i + 1));
    d.addColumn(steps, Float64Array.from(values), 0, values.length);
    return d;
  };

  it('finds a loss that falls, then climbs to 29.6 over its 10 logged points (a Hugging Face log)', () => {
    const d = points([3.0, 2.2, 1.6, 1.2, 1.0, 1.4, 2.1, 3.0, 4.6, 6.9, 10.3, 14.8, 21.0, 29.6]);
    expect(d.result()).not.toBeNull();
  });

  it('does not call a loss that only ever rose diverged: it never had a best to leave (an RL value loss as returns grow)', () => {
    expect(points([1.0, 1.4, 2.1, 3.0, 4.6, 6.9, 10.3, 14.8, 21.0, 29.6]).result()).toBeNull();
    const rising = Array.from({ length: 200 }, (_, i) => 0.05 * (1 + i / 20) * (1 + 0.2 * Math.sin(i * 1.7)));
    expect(points(rising).result()).toBeNull();
    // The same rise after a fall is one.
    const fallThenRise = [...Array.from({ length: 60 }, (_, i) => 4 - i * 0.05), ...rising.map((v) => 1 + 10 * v)];
    expect(points(fallThenRise).result()).not.toBeNull();
  });

  it('finds a 10-point log that rises over its last 3 points, and not one that only ends a little up', () => {
    const falling = [0.125, 0.101, 0.0895, 0.0824, 0.0774, 0.0729, 0.0701];
    expect(points([...falling, 0.1022, 0.1489, 0.1939]).result()?.step).toBe(90);
    expect(points([...falling, 0.069, 0.068, 0.075]).result()).toBeNull();
  });

  it('is not fooled by one bad last point of a short log', () => {
    expect(points([3, 2.5, 2.2, 2.0, 1.9, 1.8, 1.75, 1.7, 1.68, 4.0]).result()).toBeNull();
  });

  it('ignores per-batch noise as large as the level around a loss that keeps falling (one batch 6× its best median)', () => {
    const normal = gaussian(3);
    const d = new DivergenceDetector();
    feed(d, 0, 4000, (step) => (0.05 + 0.6 * Math.exp(-step / 800)) * Math.exp(0.75 * normal()));
    expect(d.result()).toBeNull();
  });

  it('does not call the swings of a loss oscillating around 0 a divergence, but a rise far beyond them', () => {
    // A GAN's loss seen from a crest: it swings down and back up, less each time.
    const swing = (step: number) => 0.4 * Math.cos(step / 4) * Math.exp(-step / 200);
    const d = new DivergenceDetector();
    feed(d, 0, 120, swing);
    expect(d.result()).toBeNull();
    const up = new DivergenceDetector();
    feed(up, 0, 160, (step) => swing(step) + (step >= 120 ? (step - 120) / 10 : 0));
    expect(up.result()?.step).toBeGreaterThan(120);
  });
});

describe('DivergenceDetector noiseAt', () => {
  // The same ±0.01 zig-zag around a flat level, once at +2 (read in log space) and once at −2 (as is).
  const zigzag = (level: number) => (step: number) => level + (step % 2 ? 0.01 : -0.01);
  it('gives the noise of one point in the loss’s own units, in log space and as is alike', () => {
    const up = new DivergenceDetector();
    feed(up, 0, 400, zigzag(2));
    const down = new DivergenceDetector();
    feed(down, 0, 400, zigzag(-2));
    // A zig-zag of ±a has second differences of 2a: σ = 1.4826 · 2a / √1.5, to the histogram's 19 %.
    const expected = (1.4826 * 0.02) / Math.sqrt(1.5);
    expect(up.noiseAt(2) / expected).toBeGreaterThan(0.8);
    expect(up.noiseAt(2) / expected).toBeLessThan(1.2);
    expect(down.noiseAt(-2) / up.noiseAt(2)).toBeGreaterThan(0.8);
    expect(down.noiseAt(-2) / up.noiseAt(2)).toBeLessThan(1.25);
  });
});
