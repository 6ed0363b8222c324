/**
 * Every column of every real file in fixtures/real/ with the class, direction and unit the tool gives it
 * (its name's rule, then the values' say), and the rule that took it: one line a column, in
 * real-classes.expected.txt. A change of any line fails, so a rule change shows which real columns it
 * moves; when it is meant, the file is written again with `npx vitest run -u test/properties/real-classes`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classRule } from '../../src/classify/index.js';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { openTable } from '../../src/ingest/index.js';
import { InputError } from '../../src/model.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { REAL } from './real-runs.js';

async function classesOf(name: string): Promise<string[]> {
  try {
    const table = await openTable(join(REAL, name));
    const summary = await summarizeRun({ name, experiment: 'e', tags: {}, fingerprint: {}, table }, DEFAULT_CONFIG);
    const step = `  step column: ${table.stepColumn ?? '(rows numbered)'}`;
    return [
      name,
      step,
      ...summary.metrics.map((m) => {
        const c = m.class;
        const judged = c.gate && c.direction !== 'none' ? `${c.direction} is better` : 'not judged';
        return `  ${JSON.stringify(m.name)}: ${c.kind}, ${judged}${c.unit ? `, ${c.unit}` : ''} (rule ${classRule(m.name).id})`;
      }),
    ];
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return [name, `  refused: ${e.detail}`];
  }
}

describe('the classes of every real column', () => {
  it('are the ones listed, a line a column', async () => {
    const lines: string[] = [];
    for (const name of readdirSync(REAL).sort()) {
      if (name === 'PROVENANCE.md') continue;
      lines.push(...(await classesOf(name)));
    }
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('real-classes.expected.txt');
  }, 120_000);
});
