/**
 * The reader's two ways of reading, held (rows in memory, purges exact) and streamed (past the held
 * limit: the rest looked at once, then streamed), give the same table on drawn run directories: resumed
 * files, SessionLog STARTs anywhere, tags first seen late, NaN, steps going back. Malformed records and
 * steps a double cannot hold are skipped and said.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, header, record, sessionStart } from '../../../test/helpers/tfevents.js';
import { collectTable } from '../collect.js';
import { openEventsTable } from './events-table.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tfevents-stream-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = ['loss', 'lr', 'mfu', 'eval/loss', 'late/tag'];

/** One to three files of events: steps mostly rising, now and then a START or a step back. */
function drawRun(seed: number): Buffer[] {
  const r = random(seed);
  const files: Buffer[] = [];
  let step = 0;
  for (let f = 0, n = 1 + Math.floor(r() * 3); f < n; f++) {
    const parts = [header()];
    if (f > 0 && r() < 0.6) {
      step = Math.max(0, step - Math.floor(r() * 40));
      parts.push(sessionStart(step));
    }
    for (let i = 0, m = 20 + Math.floor(r() * 120); i < m; i++) {
      if (r() < 0.02) parts.push(sessionStart(Math.max(0, step - Math.floor(r() * 10))));
      if (r() < 0.01) step = Math.max(0, step - Math.floor(r() * 5));
      else step += r() < 0.7 ? 1 : 0;
      const tags = TAGS.filter((t, k) => (k < 3 ? r() < 0.8 : t === 'late/tag' ? step > 60 && r() < 0.3 : r() < 0.1));
      const values = tags.map((tag) => ({ tag, simple_value: r() < 0.03 ? Number.NaN : Math.round(r() * 1000) / 8 }));
      if (values.length) parts.push(event(step, r() < 0.5 ? values : values.slice(0, 1)));
    }
    files.push(Buffer.concat(parts));
  }
  return files;
}

const words = (warnings: string[]) => warnings.map((w) => w.replace(/\d+/g, 'N')).sort();

describe('held and streamed reading agree', () => {
  // A held limit of 64 cells stops the first pass after its first record: each run is then streamed (about
  // two in five of these) or, when a step goes back past the held rows, read again as points.
  it('on 60 drawn run directories', async () => {
    for (let seed = 1; seed <= 60; seed++) {
      const run = join(dir, `run${seed}`);
      await mkdir(run);
      const files = drawRun(seed);
      for (const [i, bytes] of files.entries())
        await writeFile(join(run, `events.out.tfevents.${100 + i}.host`), bytes);
      const held = await openEventsTable(run);
      const a = await collectTable(held);
      const small = await openEventsTable(run, { maxHeldCells: 64, batchSize: 16 });
      const b = await collectTable(small);
      expect(b.steps, `seed ${seed}`).toEqual(a.steps);
      expect(b.values, `seed ${seed}`).toEqual(a.values);
      expect(b.nanTokens, `seed ${seed}`).toEqual(a.nanTokens);
      expect(
        words(small.warnings).filter((w) => !/purged|written again/.test(w)),
        `seed ${seed}`,
      ).toEqual(words(held.warnings).filter((w) => !/purged|written again/.test(w)));
    }
  });
});

describe('records the reader leaves out', () => {
  it('an event whose step has the wrong wire type (CRCs valid) is skipped and counted, not read as step 0', async () => {
    const file = join(dir, 'events.out.tfevents.wiretype');
    // Event { step (field 2) as a length-delimited string "7", summary with loss = 9 }.
    const summary = Buffer.from(event(0, [{ tag: 'loss', simple_value: 9 }]).subarray(12, -4));
    const bad = Buffer.concat([Buffer.from([0x12, 0x01, 0x37]), summary.subarray(summary.indexOf(0x2a))]);
    await writeFile(
      file,
      Buffer.concat([
        header(),
        event(1, [{ tag: 'loss', simple_value: 1 }]),
        record(bad),
        event(2, [{ tag: 'loss', simple_value: 2 }]),
      ]),
    );
    const table = await openEventsTable(file);
    const t = await collectTable(table);
    expect(t.steps).toEqual([1, 2]);
    expect(t.values.loss).toEqual([1, 2]);
    expect(table.warnings.join('\n')).toMatch(
      /1 record is not a TensorBoard Event \(.*the first: record 3\) and left out/,
    );
  });

  it('an event at a step beyond 2^53 is skipped with a warning naming it; the read ends', async () => {
    const file = join(dir, 'events.out.tfevents.huge');
    await writeFile(
      file,
      Buffer.concat([
        header(),
        event(1, [{ tag: 'loss', simple_value: 1 }]),
        event('9007199254740993', [{ tag: 'loss', simple_value: 5 }]),
        event('-9007199254740993', [{ tag: 'loss', simple_value: 6 }]),
        event(2, [{ tag: 'loss', simple_value: 2 }]),
      ]),
    );
    const table = await openEventsTable(file);
    const t = await collectTable(table);
    expect(t.steps).toEqual([1, 2]);
    expect(table.warnings.join('\n')).toMatch(
      /2 events at a step beyond ±2\^53.*\(the first: record 3: step 9007199254740993\)/,
    );
  });

  it('a step of 2^53 - 1 and a negative step are read', async () => {
    const file = join(dir, 'events.out.tfevents.edge');
    await writeFile(
      file,
      Buffer.concat([
        event(-5, [{ tag: 'loss', simple_value: 1 }]),
        event(Number.MAX_SAFE_INTEGER, [{ tag: 'loss', simple_value: 2 }]),
      ]),
    );
    const t = await collectTable(await openEventsTable(file));
    expect(t.steps).toEqual([-5, Number.MAX_SAFE_INTEGER]);
  });
});
