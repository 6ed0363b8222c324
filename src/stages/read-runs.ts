/** ingest + summarize: each run opened lazily and summarised in one pass, one at a time. */
import { basename, dirname, extname } from 'node:path';
import { openTable, readManifest } from '../ingest/index.js';
import { InputError, type RunInput } from '../model.js';
import type { Options } from '../options.js';
import { summarizeRun } from '../summarize/index.js';
import type { Stage } from './context.js';

export async function readRuns(stage: Stage): Promise<void> {
  for (const input of await resolveInputs(stage.options, stage.fail)) {
    try {
      const summary = await summarizeRun(await input(), stage.config);
      for (const w of summary.warnings) stage.warn(w);
      stage.result.summaries.push(summary);
    } catch (e) {
      stage.fail(e);
    }
  }
}

/** Each run to process, opened lazily; manifest problems are reported and the other runs still go. */
async function resolveInputs(options: Options, fail: (e: unknown) => void): Promise<(() => Promise<RunInput>)[]> {
  const inputs: (() => Promise<RunInput>)[] = [];
  for (const file of options.csv) {
    const name = runNameOf(file);
    const experiment = options.experiment ?? name;
    inputs.push(async () => ({ name, experiment, tags: {}, fingerprint: {}, table: await openTable(file) }));
  }
  if (options.metadata) {
    try {
      const manifest = await readManifest(options.metadata);
      for (const e of manifest.errors) fail(e);
      for (const r of manifest.runs) {
        inputs.push(async () => ({
          name: r.name,
          experiment: options.experiment ? `${options.experiment}/${r.name}` : r.name,
          tags: r.config,
          fingerprint: r.fingerprint,
          ...(r.durationSeconds === undefined ? {} : { durationSeconds: r.durationSeconds }),
          table: await openTable(r.file),
        }));
      }
    } catch (e) {
      fail(e);
    }
  }
  if (!inputs.length && !options.metadata)
    fail(new InputError('(arguments)', null, 'no input: give --csv FILE or --metadata FILE'));
  return inputs;
}

/** A run's name from its file: the folder for the conventional metrics_rank_0.csv, else the file's stem. */
export function runNameOf(file: string): string {
  const stem = basename(file, extname(file));
  return /^metrics(_rank_\d+)?$/.test(stem) ? basename(dirname(file)) || stem : stem;
}
