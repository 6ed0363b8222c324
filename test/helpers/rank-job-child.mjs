// A multi-rank training job's loggers, as a child process: one metrics_rank_N.csv per rank, written and
// flushed row by row. Arguments: DIR RANKS SEED STEPS [SLOW_RANK SLOWDOWN SLOW_FROM] [STALL_RANK STALL_AT].
// Each rank's step time is 1 s × its own noise; the slow rank's is × SLOWDOWN from step SLOW_FROM on;
// the stalling rank writes no row after STALL_AT. Loss is all-reduced (one value on every rank).
import { mkdirSync, openSync, writeSync, closeSync, fsyncSync } from 'node:fs';
import { join } from 'node:path';

const [
  dir,
  ranksArg,
  seedArg,
  stepsArg,
  slowRank = '-1',
  slowdown = '1',
  slowFrom = '0',
  stallRank = '-1',
  stallAt = '0',
] = process.argv.slice(2);
const ranks = Number(ranksArg);
const steps = Number(stepsArg);
let state = Number(seedArg) >>> 0 || 1;
const uniform = () => {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state / 2 ** 32;
};
const gauss = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());

mkdirSync(dir, { recursive: true });
const fds = Array.from({ length: ranks }, (_, r) => openSync(join(dir, `metrics_rank_${r}.csv`), 'w'));
for (const fd of fds) writeSync(fd, 'step,train.lm_loss,step_time,MFU,memory.allocated [MiB]\n');
for (let step = 1; step <= steps; step++) {
  const loss = 3 * Math.exp(-step / 400) + 1.5 + 0.01 * gauss();
  for (let r = 0; r < ranks; r++) {
    if (r === Number(stallRank) && step > Number(stallAt)) continue;
    const slow = r === Number(slowRank) && step >= Number(slowFrom) ? Number(slowdown) : 1;
    const time = (1 + 0.01 * gauss()) * slow;
    const row = `${step},${loss.toFixed(5)},${time.toFixed(5)},${(0.42 / slow + 0.002 * gauss()).toFixed(5)},${60000 + 100 * r}\n`;
    writeSync(fds[r], row);
  }
}
for (const fd of fds) {
  fsyncSync(fd);
  closeSync(fd);
}
