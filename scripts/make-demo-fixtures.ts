// Regenerates fixtures/demo/: a perf batch of three model configurations (experiment_metadata.jsonl +
// one metrics_rank_0.csv each) and ten earlier runs of the first one for its baseline history.
// Seeded, so the files are reproducible: npx tsx scripts/make-demo-fixtures.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../bench/random.js';

const root = 'fixtures/demo';
const STEPS = 600;

function normal(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

interface RunShape {
  seed: number;
  mfu: number;
  tflopsPeak: number;
  tokensPerStep: number;
  memMiB: number;
  lossScale: number;
  mfuShift?: number;
}

/** One run: MFU with run-level offset and AR(1) step noise, checkpoint stalls, loss power law. */
function run({ seed, mfu, tflopsPeak, tokensPerStep, memMiB, lossScale, mfuShift = 1 }: RunShape): string {
  const r = mulberry32(seed);
  const runMfu = mfu * mfuShift * (1 + 0.01 * normal(r));
  const lossOffset = 0.01 * normal(r);
  let ar = 0;
  let consumed = 0;
  const rows = [
    'step,train.lm_loss,val.lm_loss,MFU,Tflops,tokens_per_sec,step_time,memory.allocated [MiB],memory.reserved [MiB],lr,consumed_tokens,grad_norm',
  ];
  for (let step = 1; step <= STEPS; step++) {
    ar = 0.8 * ar + Math.sqrt(1 - 0.64) * 0.02 * normal(r);
    const warm = step <= 20 ? 0.3 + 0.7 * (step / 20) : 1;
    const stall = step % 100 === 0 ? 1 / 3 : 1;
    const m = runMfu * warm * stall * (1 + ar);
    const stepTime = (tokensPerStep * 6 * 1e9) / (m * tflopsPeak * 1e12);
    consumed += Math.round(tokensPerStep);
    const loss = lossScale * (1 + lossOffset) * (2 + 9 * step ** -0.35) * (1 + 0.01 * normal(r));
    const val = step % 100 === 0 ? (loss * 1.02).toFixed(5) : '';
    const lr = (3e-4 * Math.min(1, step / 50)).toExponential(4);
    rows.push(
      [
        step,
        loss.toFixed(5),
        val,
        m.toFixed(5),
        (m * tflopsPeak).toFixed(2),
        Math.round(tokensPerStep / stepTime),
        stepTime.toFixed(4),
        Math.round(memMiB * (step < 5 ? 0.7 : 1)),
        Math.round(memMiB * 1.12),
        lr,
        consumed,
        (0.8 + 0.2 * r()).toFixed(4),
      ].join(','),
    );
  }
  return `${rows.join('\n')}\n`;
}

const CONFIGS = [
  {
    name: 'gpt3-1.3b-tp1',
    config: { model: 'gpt3-1.3b', tp: 1, pp: 1, gbs: 256, seq_len: 2048, gpu: 'H100-SXM', world_size: 8 },
    mfu: 0.42,
    tflopsPeak: 989,
    tokensPerStep: 524288 * 1.3,
    memMiB: 38000,
    lossScale: 1,
  },
  {
    name: 'gpt3-7b-tp2',
    config: { model: 'gpt3-7b', tp: 2, pp: 1, gbs: 512, seq_len: 4096, gpu: 'H100-SXM', world_size: 16 },
    mfu: 0.47,
    tflopsPeak: 989,
    tokensPerStep: (2097152 * 7) / 2,
    memMiB: 61000,
    lossScale: 0.93,
  },
  {
    name: 'llama3-8b-tp4',
    config: { model: 'llama3-8b', tp: 4, pp: 2, gbs: 1024, seq_len: 8192, gpu: 'H100-SXM', world_size: 64 },
    mfu: 0.39,
    tflopsPeak: 989,
    tokensPerStep: (8388608 * 8) / 8,
    memMiB: 70500,
    lossScale: 0.9,
  },
];

mkdirSync(join(root, 'baseline'), { recursive: true });
const manifest: string[] = [];
CONFIGS.forEach((c, i) => {
  mkdirSync(join(root, c.name), { recursive: true });
  // The first configuration carries a 6 % MFU drop, so the demo shows the gate catching one.
  writeFileSync(join(root, c.name, 'metrics_rank_0.csv'), run({ ...c, seed: 1000 + i, mfuShift: i === 0 ? 0.94 : 1 }));
  manifest.push(JSON.stringify({ name: c.name, dir: c.name, config: c.config, duration_s: 1800 }));
});
writeFileSync(join(root, 'experiment_metadata.jsonl'), `${manifest.join('\n')}\n`);
for (let k = 1; k <= 10; k++) {
  writeFileSync(
    join(root, 'baseline', `${CONFIGS[0]!.name}-${String(k).padStart(2, '0')}.csv`),
    run({ ...CONFIGS[0]!, seed: 1 + k }),
  );
}
