import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CellKind } from '../../src/ingest/csv/cell.js';
import { LiveRank } from '../../src/watch/state/live-rank.js';
import type { Finding } from '../../src/watch/state/finding.js';
import { listenUdp, type UdpListener } from '../helpers/udp.js';
import { sampleRecord } from '../helpers/history-records.js';
import { healthyLines, Scratch, startWatch, watch } from './watch-harness.js';

const rules = { rules: [], warmupSteps: 10, collapseBelow: 0.5, baselineLevel: () => null };

/** A rank fed rows of `[step, loss]` directly, its findings kept. */
function rank(): { rank: LiveRank; found: Finding[]; feed: (rows: [number, number][]) => void } {
  const found: Finding[] = [];
  const r = new LiveRank('', rules, (f) => found.push(f));
  r.layout(['loss']);
  const values = new Float64Array(1);
  const kinds = new Uint8Array(1);
  const feed = (rows: [number, number][]) => {
    for (const [step, loss] of rows) {
      values[0] = loss;
      kinds[0] = CellKind.Number;
      r.row(step, values, kinds);
    }
  };
  return { rank: r, found, feed };
}

const steps = (from: number, to: number, loss: (s: number) => number): [number, number][] =>
  Array.from({ length: to - from }, (_, i) => [from + i, loss(from + i)]);

describe('the live state of a rank', () => {
  it('a restart that rewrites steps: the later rows win, and the superseded attempt is forgotten', () => {
    const { rank: r, found, feed } = rank();
    feed(steps(1, 100, (s) => 2 + 8 / Math.sqrt(s)));
    // The first attempt starts to rise (six points: not yet a divergence) …
    feed(steps(100, 106, () => 20));
    // … and the job restarts from its checkpoint at step 80, healthy.
    feed(steps(80, 200, (s) => 2 + 8 / Math.sqrt(s)));
    expect(r.restarts).toBe(1);
    expect(r.lastStep).toBe(199);
    expect(found).toEqual([]);
    expect(r.metrics.get('loss')!.last).toBeCloseTo(2 + 8 / Math.sqrt(199), 10);
  });

  it('without the restart the same rise would carry on into a divergence', () => {
    const { found, feed } = rank();
    feed(steps(1, 100, (s) => 2 + 8 / Math.sqrt(s)));
    feed(steps(100, 130, () => 20));
    expect(found.map((f) => f.reason)).toEqual(['divergence']);
  });

  it('a row at the same step adds its cells to that step (train and validation rows of one step)', () => {
    const { rank: r, feed } = rank();
    feed([
      [10, 3],
      [10, 2.9],
      [20, 2.8],
    ]);
    expect(r.restarts).toBe(0);
    expect(r.lastStep).toBe(20);
  });
});

describe('watch with a history and StatsD', () => {
  let scratch: Scratch;
  let udp: UdpListener;
  beforeEach(async () => {
    scratch = new Scratch();
    udp = await listenUdp();
  });
  afterEach(async () => {
    scratch.remove();
    await udp.close();
  });

  it("collapse is judged against the baseline history's level when there is one", async () => {
    const history = scratch.path('history.json');
    const record = (run: string) =>
      sampleRecord(run, 2000, {
        experiment: 'e',
        fingerprint: '',
        metrics: {
          tokens_per_second: {
            kind: 'window',
            direction: 'higher',
            unit: 'tokens_per_second',
            centre: 2000,
            spread: 20,
            n: 100,
            nonFinite: 0,
          },
        },
      });
    writeFileSync(history, JSON.stringify({ format: 1, runs: [record('a'), record('b')] }));
    const out = scratch.path('m.csv');
    // Steady at 900 from the start: fine by its own level, a collapse against the history's 2000.
    const w = await watch(
      {
        csv: [out],
        experiment: 'e',
        history,
        'collapse-below': '0.5',
        record: 'never',
        json: scratch.path('out.json'),
      },
      scratch.trainer({ out, header: 'step,loss,tokens_per_second', lines: healthyLines(1, 3000, 900), perTick: 5 }),
    );
    expect(w.code).toBe(1);
    expect(w.warnings.join('\n')).toMatch(
      /collapse: "tokens_per_second" at step \d+: \d+(\.\d+)? is below the collapse fraction of its level 2000/,
    );
  });

  it('with statsd-host, values go out as they come, tagged with their step', async () => {
    const out = scratch.path('m.csv');
    const { done } = startWatch(
      {
        csv: [out],
        experiment: 'e',
        'statsd-host': '127.0.0.1',
        'statsd-port': String(udp.port),
        'statsd-protocol': 'udp',
      },
      scratch.trainer({
        out,
        header: 'step,loss,tokens_per_second',
        lines: healthyLines(1, 300),
        perTick: 1,
        intervalMs: 10,
      }),
    );
    let ended = false;
    void done.then(() => {
      ended = true;
    });
    const loss = /^training_metrics\.loss:[\d.]+\|g\|#.*step:(\d+)/;
    const live = () => udp.lines().filter((l) => loss.test(l));
    await udp.waitForLines(1, 10_000);
    // Sent while the command still runs, not only by the job at its end.
    expect(ended).toBe(false);
    expect(Number(loss.exec(live()[0]!)![1])).toBeLessThan(299);
    expect(await done).toBe(0);
    // Bounded: about one line per metric per second, not one per row.
    const during = live().filter((l) => !/step:(50|100|150|200|250)\b/.test(l));
    expect(during.length).toBeLessThan(20);
    expect(udp.lines().some((l) => l.startsWith('training_metrics.tokens_per_second.live:') && /\|g\|/.test(l))).toBe(
      true,
    );
  });
});

describe('a restarted job, end to end', () => {
  let scratch: Scratch;
  beforeEach(() => {
    scratch = new Scratch();
  });
  afterEach(() => scratch.remove());

  it('a job that resumes from a checkpoint (steps go back) is followed, not stopped; the later rows win', async () => {
    const out = scratch.path('m.csv');
    const lines = [...healthyLines(1, 100), ...healthyLines(80, 160)];
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json') },
      scratch.trainer({ out, header: 'step,loss,tokens_per_second', lines, perTick: 5 }),
    );
    expect(w.code).toBe(0);
    const j = JSON.parse(readFileSync(scratch.path('out.json'), 'utf8'));
    expect(j.live.ranks[0]).toMatchObject({ lastStep: 159, restarts: 1, rows: 179 });
    expect(j.runs[0].steps.last).toBe(159);
  });
});

describe('watch with a manifest', () => {
  let scratch: Scratch;
  beforeEach(() => {
    scratch = new Scratch();
  });
  afterEach(() => scratch.remove());

  it("follows the files a manifest names, also ones that appear after watch started, and stops on one's NaN", async () => {
    const manifest = scratch.path('experiment_metadata.jsonl');
    const a = scratch.path('a.csv');
    const b = scratch.path('b.csv');
    writeFileSync(
      manifest,
      `${JSON.stringify({ name: 'a', path: 'a.csv' })}\n${JSON.stringify({ name: 'b', path: 'b.csv' })}\n`,
    );
    const header = 'step,loss,tokens_per_second';
    const first = scratch.trainer({ out: a, header, lines: healthyLines(1, 50), perTick: 5 }, 'a.json');
    const second = scratch.trainer(
      { out: b, header, lines: [...healthyLines(1, 30), '30,nan,1000', ...healthyLines(31, 3000)], perTick: 2 },
      'b.json',
    );
    // The runs of the batch one after another: b's file does not exist when watch starts.
    const script = `${first.map((x) => `'${x}'`).join(' ')} && ${second.map((x) => `'${x}'`).join(' ')}`;
    const w = await watch({ metadata: manifest, experiment: 'batch', json: scratch.path('out.json') }, [
      '/bin/sh',
      '-c',
      script,
    ]);
    const j = JSON.parse(readFileSync(scratch.path('out.json'), 'utf8'));
    expect(w.code, JSON.stringify([w.warnings, j.live, j.errors])).toBe(1);
    expect(j.aborted).toMatchObject({ reason: 'nan', step: 30, rank: 'b' });
    // The job after the run read the manifest once: two runs, not four.
    expect(j.runs.map((r: { name: string }) => r.name).sort()).toEqual(['a', 'b']);
  });
});
