import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { healthyLines, Scratch, watch } from './watch-harness.js';

let scratch: Scratch;
beforeEach(() => {
  scratch = new Scratch();
});
afterEach(() => scratch.remove());

const HEADER = 'step,loss,tokens_per_second';
const json = () => JSON.parse(readFileSync(scratch.path('out.json'), 'utf8'));

describe('watch stops a bad run', () => {
  it('on a NaN loss: exit 1, the command stopped long before its end, "aborted" in the JSON', async () => {
    const out = scratch.path('m.csv');
    const lines = [...healthyLines(1, 100), '100,nan,1000', ...healthyLines(101, 2000)];
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json') },
      scratch.trainer({ out, header: HEADER, lines, perTick: 5, intervalMs: 10 }),
    );
    expect(w.code).toBe(1);
    const j = json();
    expect(j.aborted).toMatchObject({ reason: 'nan', step: 100, value: 'NaN', metric: 'loss' });
    expect(Date.parse(j.aborted.at)).toBeGreaterThan(0);
    expect(j.child.signal).toBe('SIGTERM');
    expect(j.live.together.lastStep).toBeLessThan(1000);
    expect(w.warnings.join('\n')).toContain('"loss" at step 100 is NaN');
    // The normal job still ran on the file as it was left.
    expect(j.runs[0].metrics.find((m: { name: string }) => m.name === 'loss').nan).toBe(1);
  });

  it('on an infinite loss', async () => {
    const out = scratch.path('m.csv');
    const lines = [...healthyLines(1, 50), '50,inf,1000', ...healthyLines(51, 2000)];
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json') },
      scratch.trainer({ out, header: HEADER, lines, perTick: 5, intervalMs: 10 }),
    );
    expect(w.code).toBe(1);
    expect(json().aborted).toMatchObject({ reason: 'nan', step: 50, value: 'Infinity' });
  });

  it("on a divergence, found by the gate's detector, soon after the loss turns", async () => {
    const out = scratch.path('m.csv');
    const lines = healthyLines(1, 300);
    for (let s = 300; s < 3000; s++) lines.push(`${s},${(2.5 * (1 + (s - 300) / 20)).toFixed(4)},1000`);
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json') },
      scratch.trainer({ out, header: HEADER, lines, perTick: 5, intervalMs: 10 }),
    );
    expect(w.code).toBe(1);
    const a = json().aborted;
    expect(a.reason).toBe('divergence');
    expect(a.step).toBeGreaterThan(300);
    expect(a.step).toBeLessThan(400);
  });

  it('on a stall: no new step for stall-after', async () => {
    const out = scratch.path('m.csv');
    const w = await watch(
      // Long enough that a trainer slow to start on a busy machine is not taken for a stall before its first row.
      { csv: [out], experiment: 'e', json: scratch.path('out.json'), 'stall-after': '2s' },
      scratch.trainer({ out, header: HEADER, lines: healthyLines(1, 60), perTick: 5, intervalMs: 10, linger: 60_000 }),
    );
    expect(w.code).toBe(1);
    const a = json().aborted;
    expect(a).toMatchObject({ reason: 'stall', step: 59 });
    expect(a.value).toBeGreaterThanOrEqual(2);
  });

  it('on a stall before the first row (the file never appears)', async () => {
    const w = await watch(
      { csv: [scratch.path('never.csv')], experiment: 'e', json: scratch.path('out.json'), 'stall-after': '500ms' },
      scratch.trainer({ out: scratch.path('elsewhere.csv'), linger: 60_000 }),
    );
    expect(w.code).toBe(1);
    expect(json().aborted).toMatchObject({ reason: 'stall', step: null });
  });

  it("on a collapse: throughput below the fraction of the run's own steady level", async () => {
    const out = scratch.path('m.csv');
    const lines = healthyLines(1, 200);
    for (let s = 200; s < 3000; s++) lines.push(`${s},2.5,${(300 + (s % 5)).toFixed(1)}`);
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json'), 'collapse-below': '0.5' },
      scratch.trainer({ out, header: HEADER, lines, perTick: 5, intervalMs: 10 }),
    );
    expect(w.code).toBe(1);
    const a = json().aborted;
    expect(a).toMatchObject({ reason: 'collapse', metric: 'tokens_per_second' });
    expect(a.step).toBeGreaterThan(200);
    expect(a.step).toBeLessThan(230);
    expect(a.value).toBeLessThan(500);
  });

  it('a rule not asked for does not stop the run', async () => {
    const out = scratch.path('m.csv');
    const lines = [...healthyLines(1, 30), '30,nan,1000', ...healthyLines(31, 60)];
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json'), 'abort-on': 'divergence,stall' },
      scratch.trainer({ out, header: HEADER, lines, perTick: 5, intervalMs: 5 }),
    );
    expect(json().aborted).toBeNull();
    expect(w.code).toBe(0);
  });
});

describe('watch leaves a run alone when it ends by itself', () => {
  it("returns the command's own exit code when it failed", async () => {
    const out = scratch.path('m.csv');
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json') },
      scratch.trainer({ out, header: HEADER, lines: healthyLines(1, 40), perTick: 10, exitCode: 3 }),
    );
    expect(w.code).toBe(3);
    expect(json()).toMatchObject({ aborted: null, child: { exitCode: 3, signal: null } });
  });

  it('exit 0 and a normal job when the command passes', async () => {
    const out = scratch.path('m.csv');
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json') },
      scratch.trainer({ out, header: HEADER, lines: healthyLines(1, 80), perTick: 10 }),
    );
    expect(w.code).toBe(0);
    const j = json();
    expect(j.command).toBe('watch');
    expect(j.runs[0].metrics.map((m: { name: string }) => m.name)).toEqual(['loss', 'tokens_per_second']);
    expect(j.live.together).toMatchObject({ lastStep: 79, rows: 79 });
  });

  it('a command that cannot be started: 127, and nothing watched', async () => {
    const w = await watch({ csv: [scratch.path('m.csv')], experiment: 'e' }, [scratch.path('no-such-program')]);
    expect(w.code).toBe(127);
    expect(w.errors.join('\n')).toContain('cannot run');
  });

  it('bad flags are refused before the command starts (exit 2)', async () => {
    const marker = scratch.path('started');
    const cmd = [process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`];
    for (const raw of [
      { 'stall-after': 'soon' },
      { 'abort-on': 'nan,boredom' },
      { 'collapse-below': '2' },
      { listen: 'nowhere' },
    ]) {
      const w = await watch({ csv: [scratch.path('m.csv')], experiment: 'e', ...raw }, cmd);
      expect(w.code).toBe(2);
    }
    expect((await watch({ csv: [scratch.path('m.csv')], experiment: 'e' }, [])).code).toBe(2);
    expect(() => readFileSync(marker)).toThrow();
  });
});

describe('the history', () => {
  it('an aborted run is not recorded unless record-aborted; a finished one is', async () => {
    const history = scratch.path('history.json');
    const out = scratch.path('m.csv');
    const bad = [...healthyLines(1, 60), '60,nan,1000', ...healthyLines(61, 2000)];
    const common = { experiment: 'e', history, record: 'always', 'run-id': 'r1' };
    await watch({ ...common, csv: [out] }, scratch.trainer({ out, header: HEADER, lines: bad, perTick: 5 }));
    expect(() => readFileSync(history)).toThrow();
    await watch(
      { ...common, csv: [out], 'record-aborted': true },
      scratch.trainer({ out, header: HEADER, lines: bad, perTick: 5 }),
    );
    expect(JSON.parse(readFileSync(history, 'utf8')).runs).toHaveLength(1);
    writeFileSync(out, '');
    const ok = await watch(
      { ...common, 'run-id': 'r2', csv: [out], markdown: scratch.path('report.md') },
      scratch.trainer({ out, header: HEADER, lines: healthyLines(1, 80), perTick: 10 }),
    );
    expect(ok.code).toBe(0);
    expect(JSON.parse(readFileSync(history, 'utf8')).runs).toHaveLength(2);
  });

  it('the report of an aborted, gated run says why and at which step', async () => {
    const history = scratch.path('history.json');
    const out = scratch.path('m.csv');
    const common = { experiment: 'e', history, record: 'always' };
    await watch(
      { ...common, 'run-id': 'base', csv: [out] },
      scratch.trainer({ out, header: HEADER, lines: healthyLines(1, 80), perTick: 10 }),
    );
    const lines = [...healthyLines(1, 60), '60,nan,1000', ...healthyLines(61, 2000)];
    const w = await watch(
      { ...common, 'run-id': 'r', csv: [out], markdown: scratch.path('report.md') },
      scratch.trainer({ out, header: HEADER, lines, perTick: 5 }),
    );
    expect(w.code).toBe(1);
    const report = readFileSync(scratch.path('report.md'), 'utf8');
    expect(report).toMatch(/- watch stopped the command \\\(nan\\\): &quot;loss&quot; at step 60 is NaN/);
  });
});
