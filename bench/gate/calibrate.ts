/**
 * Benchmark of calibrated tolerances on the gate simulator (calibration-trials.ts): false alarms of the
 * calibrated config over many A/A checks, and MFU's predicted power against its simulated detection rate,
 * for a cluster as quiet as the gate's prior, one twice as noisy, the fewest runs calibrate accepts, and
 * twice the usual number.
 * Writes its section of bench/gate/RESULTS.md.
 *
 *   npm run bench:calibrate -- [--calibrations 100] [--null-checks 100] [--power-checks 30] [--seed 1]
 */
import { writeFile } from 'node:fs/promises';
import { median } from 'simple-statistics';
import { calibrationTrials, type TrialOptions, type TrialResult } from './calibration-trials.js';
import { withSection } from './results-sections.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const CALIBRATIONS = Number(args.get('calibrations') ?? 100);
const NULL_CHECKS = Number(args.get('null-checks') ?? 100);
const POWER_CHECKS = Number(args.get('power-checks') ?? 30);
const SEED = Number(args.get('seed') ?? 1);
const OUT = args.get('out') ?? 'bench/gate/RESULTS.md';

const SCENARIOS: [string, Partial<TrialOptions>][] = [
  ['10 A/A runs, run CV 1 % (as the prior)', { runs: 10 }],
  ['10 A/A runs, run CV 2 % (twice the prior)', { runs: 10, runCv: 0.02 }],
  ['5 A/A runs (the fewest), run CV 1 %', { runs: 5 }],
  ['20 A/A runs, run CV 1 %', { runs: 20 }],
];

const pct = (x: number, digits = 1): string => `${(100 * x).toFixed(digits)} %`;

function row(name: string, r: TrialResult): string {
  const power = r.power.map((p) => `${pct(p.detected / p.checks)} / ${pct(p.predicted)}`);
  const w = [...r.warmupSteps].sort((a, b) => a - b);
  const exact = w.filter((x) => x === 20).length; // the simulator's warm-up ramp is 20 steps
  const warm = `${median(w)} (${w[0]}–${w[w.length - 1]}; 20 in ${exact} of ${w.length})`;
  return `| ${name} | ${pct(r.falseAlarms / r.checks, 2)} (${r.falseAlarms}/${r.checks}) | ${pct(r.mfuMinEffect)} | ${power.join(' | ')} | ${warm} |`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const rows: string[] = [];
  for (const [i, [name, o]] of SCENARIOS.entries()) {
    const r = await calibrationTrials({
      calibrations: CALIBRATIONS,
      runs: 10,
      nullChecks: NULL_CHECKS,
      powerChecks: POWER_CHECKS,
      seed: SEED * 101 + i,
      ...o,
    });
    rows.push(row(name, r));
    process.stderr.write(`${rows[rows.length - 1]}\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  const body = [
    `\`npm run bench:calibrate\` (seed ${SEED}; ${seconds.toFixed(0)} s): per scenario ${CALIBRATIONS} calibrations, each from its own simulated A/A runs, its YAML read back as the config, then ${NULL_CHECKS} unchanged runs and ${POWER_CHECKS} runs per MFU drop judged against those A/A runs as the history. Power: MFU's own verdict, simulated / predicted (mean of the calibrations' predictions).`,
    '',
    '| scenario | false alarms (any metric) | MFU min_effect (mean) | MFU −3 % | MFU −5 % | MFU −10 % | warm-up found, steps: median (range) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  const text = await withSection(OUT, 'Calibrated tolerances', body);
  await writeFile(OUT, text);
  process.stdout.write(`${body}\n`);
}

await main();
