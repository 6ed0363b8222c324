/**
 * A realistic per-step training metrics CSV for benchmarks: the columns a Megatron/NeMo-style job logs on
 * rank 0, with a decaying noisy loss, a validation loss every 100 steps, learning-rate warm-up and cosine
 * decay, and values printed the way Python prints them (float32 losses as 17-digit reprs, integers, `e-05`).
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mulberry32 } from '../random.js';

export const TRAINING_CSV_COLUMNS = [
  'step',
  'train.lm_loss',
  'val.lm_loss',
  'MFU',
  'Tflops',
  'tokens_per_sec',
  'step_time',
  'memory.allocated [MiB]',
  'memory.reserved [MiB]',
  'lr',
  'consumed_tokens',
  'grad_norm',
];

/** How Python prints a float: `repr()`, with exponents as `1e-05`. */
function py(x: number): string {
  return String(x).replace(/e([+-])(\d)$/, 'e$10$2');
}

export interface GenerateOptions {
  steps: number;
  seed?: number;
  /** Print the validation loss only every 100 steps and leave the cell empty otherwise (default: every row). */
  sparseValidation?: boolean;
}

/** Write the CSV to `path`; resolves with its size in bytes. */
export async function generateTrainingCsv(path: string, options: GenerateOptions): Promise<number> {
  const random = mulberry32(options.seed ?? 1);
  const noise = () => (random() + random() + random() - 1.5) * 0.8;
  const out = createWriteStream(path);
  let bytes = 0;
  let chunk = `${TRAINING_CSV_COLUMNS.join(',')}\n`;
  const warmup = Math.max(1, Math.floor(options.steps / 100));
  let valLoss = 11;
  for (let step = 1; step <= options.steps; step++) {
    const progress = step / options.steps;
    const loss = Math.fround(2.1 + 8.8 * Math.exp(-step / 1500) + 0.06 * noise());
    if (step % 100 === 0 || step === 1) valLoss = Math.fround(loss + 0.05 + 0.02 * noise());
    const stepTime = 0.95 * (1 + 0.03 * noise()) + (step % 1000 === 0 ? 2.5 : 0);
    const tokens = (4096 * 1024) / stepTime;
    const tflops = 410 / stepTime;
    const mfu = tflops / 989;
    const lr = step < warmup ? (3e-4 * step) / warmup : 3e-5 + 0.5 * (3e-4 - 3e-5) * (1 + Math.cos(Math.PI * progress));
    const allocated = 61_000 + Math.floor(random() * 400);
    const row = [
      step,
      py(loss),
      options.sparseValidation && step % 100 !== 0 ? '' : py(valLoss),
      mfu.toFixed(4),
      tflops.toFixed(2),
      tokens.toFixed(1),
      stepTime.toFixed(4),
      allocated,
      78_848,
      py(Number(lr.toPrecision(6))),
      step * 4096 * 1024,
      (0.8 + 0.3 * Math.exp(-step / 3000) + 0.05 * noise()).toFixed(6),
    ];
    chunk += `${row.join(',')}\n`;
    if (chunk.length > 1 << 16) {
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  bytes += Buffer.byteLength(chunk);
  out.end(chunk);
  await once(out, 'finish');
  return bytes;
}
