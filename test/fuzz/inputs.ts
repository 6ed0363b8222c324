/**
 * The input types the fuzz test mutates, each with its seeds (real and demo fixtures, cut to a size that
 * keeps a case fast), the files a case needs beside the mutated one, and the command that reads it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Syntax } from './mutate.js';

export interface Seed {
  /** The fixture it comes from. */
  name: string;
  text: string;
}

/** Runs the CLI once in a fuzz workspace (to build a seed, such as a history); resolves to its exit code. */
export type RunCli = (argv: string[]) => Promise<number>;

export interface FuzzInput {
  name: string;
  syntax: Syntax;
  /** The mutated file's name in the workspace (the format is found from the content, not the name). */
  caseFile: string;
  /** Writes the files a case needs besides the mutated one; resolves to the seeds. */
  prepare(workspace: string, cli: RunCli): Promise<Seed[]>;
  argv(workspace: string, file: string): string[];
  /** The case file is a history: `record` that refuses it (exit 2) must leave it byte-identical. */
  history: boolean;
  /** The exit codes the command documents, when not 0, 1 and 2. */
  exitCodes?: readonly number[];
  /** At most this many cases (an input whose cases start processes or servers is slower). */
  maxCases?: number;
  /** Before case `index`, set up what it runs against (a held lock); resolves to what undoes it. */
  beforeCase?(index: number): Promise<(() => Promise<void>) | null>;
  /** After the campaign: stop what prepare started. */
  teardown?(): Promise<void>;
  /**
   * The input's own rules over what a case did (its bytes, the workspace it wrote to): problems named by
   * kind (`leak:`, `misread:`, `lost data:`, verdict.ts), none when it held.
   */
  check?(
    workspace: string,
    bytes: Buffer,
    facts: { code: number | null; stdout: string; stderr: string },
  ): Promise<string[]>;
}

const root = new URL('../../', import.meta.url).pathname;
export const fixture = (path: string): Promise<string> => readFile(join(root, 'fixtures', path), 'utf8');

export function firstLines(text: string, n: number): string {
  return text.split('\n').slice(0, n).join('\n');
}

export async function lines(path: string, n: number): Promise<Seed> {
  return { name: path, text: firstLines(await fixture(path), n) };
}

/** Megatron golden values with the first `n` steps of each metric: the real layout, a fuzzable size. */
async function goldenValues(path: string, n: number): Promise<Seed> {
  const json = JSON.parse(await fixture(path)) as Record<string, { values: unknown }>;
  for (const m of Object.values(json)) {
    const v = m.values;
    m.values = Array.isArray(v) ? v.slice(0, n) : Object.fromEntries(Object.entries(v as object).slice(0, n));
  }
  return { name: path, text: JSON.stringify(json, null, 4) };
}

async function trainerState(path: string, n: number): Promise<Seed> {
  const json = JSON.parse(await fixture(path)) as { log_history: unknown[] };
  json.log_history = json.log_history.slice(0, n);
  return { name: path, text: JSON.stringify(json, null, 2) };
}

/** A run's metrics, cut short: the file the GPU and history cases read beside the mutated one. */
export const TODAY = 'demo/gpt3-1.3b-tp1/metrics_rank_0.csv';
export const RUN_LINES = 120;

export async function writeToday(workspace: string): Promise<string> {
  const path = join(workspace, 'today.csv');
  await writeFile(path, firstLines(await fixture(TODAY), RUN_LINES));
  return path;
}

const csv: FuzzInput = {
  name: 'csv',
  syntax: 'csv',
  caseFile: 'metrics.csv',
  history: false,
  prepare: async () =>
    Promise.all([
      lines(TODAY, 200),
      lines('real/lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv', 200),
      lines('real/lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv', 200),
      lines('real/algoperf_measurements_global_step_accumulated_criteo1tb.csv', 200),
      lines('real/run_summary_mfu_tflops_ezpz_perlmutter.csv', 200),
      lines('real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv', 200),
    ]),
  argv: (_, file) => ['emit', '--dry-run', '--csv', file],
};

const golden: FuzzInput = {
  name: 'golden-values',
  syntax: 'json',
  caseFile: 'golden_values.json',
  history: false,
  prepare: async () =>
    Promise.all([
      goldenValues('real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.json', 60),
      lines('real/megatron_golden_values_bert_345m_resume_list_layout_unequal_lengths.json', 1000),
    ]),
  argv: (_, file) => ['emit', '--dry-run', '--csv', file],
};

const trainer: FuzzInput = {
  name: 'trainer-state',
  syntax: 'json',
  caseFile: 'trainer_state.json',
  history: false,
  prepare: async () => [await trainerState('real/hf_trainer_state_whisper_5k_steps.json', 60)],
  argv: (_, file) => ['emit', '--dry-run', '--csv', file],
};

export const DEMO_RUNS = ['gpt3-1.3b-tp1', 'gpt3-7b-tp2', 'llama3-8b-tp4'];

const manifest: FuzzInput = {
  name: 'manifest',
  syntax: 'json',
  caseFile: 'experiment_metadata.jsonl',
  history: false,
  prepare: async (workspace) => {
    for (const run of DEMO_RUNS) {
      await mkdir(join(workspace, run), { recursive: true });
      const text = firstLines(await fixture(`demo/${run}/metrics_rank_0.csv`), RUN_LINES);
      await writeFile(join(workspace, run, 'metrics_rank_0.csv'), text);
    }
    // The demo manifest twice: its runs exist, so two cases in three get past the manifest to the runs
    // (the ledger names no metrics file, and is refused unless a mutation makes it name one).
    const demo = await lines('demo/experiment_metadata.jsonl', 100);
    return [demo, demo, await lines('real/experiment_ledger_manifest_inferencex_gb200.jsonl', 30)];
  },
  argv: (_, file) => ['emit', '--dry-run', '--metadata', file],
};

const gpu: FuzzInput = {
  name: 'nvidia-smi',
  syntax: 'csv',
  caseFile: 'gpu.csv',
  history: false,
  prepare: async (workspace) => {
    await writeToday(workspace);
    return Promise.all([
      lines('real/nvidia_smi_8gpu_interleaved_gpu_glasses.csv', 200),
      lines('real/nvidia_smi_header_repeated_every_sample.csv', 200),
      lines('real/nvidia_smi_noheader_nounits_no_index_4gpu.csv', 200),
      lines('real/nvidia_smi_query_gpu_all_fields_h100_load_capture.csv', 200),
      lines('real/nvidia_smi_dmon_h100_load_whitespace.txt', 200),
      lines('real/nvidia_smi_wrapper_unix_epoch_dotted_names.csv', 200),
      lines('real/nvidia_smi_wrapper_snake_case_units_8gpu_iso_z.csv', 200),
      lines('real/amdsmi_gpu_metrics_quoted_lists_inferencex_EXCERPT.csv', 100),
    ]);
  },
  argv: (workspace, file) => ['emit', '--dry-run', '--csv', join(workspace, 'today.csv'), '--gpu-csv', file],
};

export const EXPERIMENT = 'gpt3-1.3b-tp1';
const BASELINES = 5;

/**
 * A history made by the CLI itself, recording five demo baselines: whatever the store's format is, the
 * seed is a file it wrote. Record times are fixed afterwards so the seed, and so each case, is the same
 * from one run to the next.
 */
export async function recordedHistory(workspace: string, cli: RunCli): Promise<Seed> {
  const path = join(workspace, 'seed-history.json');
  const args = ['record', '--history', path, '--experiment', EXPERIMENT];
  for (let i = 1; i <= BASELINES; i++) {
    const run = join(workspace, `${EXPERIMENT}-0${i}.csv`);
    await writeFile(run, firstLines(await fixture(`demo/baseline/${EXPERIMENT}-0${i}.csv`), RUN_LINES));
    args.push('--csv', run);
  }
  const code = await cli(args);
  if (code !== 0) throw new Error(`recording the seed history exited ${code}`);
  const text = (await readFile(path, 'utf8')).replace(
    /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g,
    '2026-01-01T00:00:00.000Z',
  );
  return { name: `a history recorded from ${BASELINES} demo baselines`, text };
}

export const history: FuzzInput = {
  name: 'history',
  syntax: 'json',
  caseFile: 'history.json',
  history: true,
  prepare: async (workspace, cli) => {
    await writeToday(workspace);
    return [await recordedHistory(workspace, cli)];
  },
  argv: (workspace, file) => [
    'record',
    '--history',
    file,
    '--experiment',
    EXPERIMENT,
    '--csv',
    join(workspace, 'today.csv'),
  ],
};

/** `record --environment FILE` with the run's metrics, into a history of the case's own (cases run at once). */
const environmentArgv = (workspace: string, file: string) => [
  'record',
  '--history',
  `${file}.history.json`,
  '--experiment',
  EXPERIMENT,
  '--csv',
  join(workspace, 'today.csv'),
  '--environment',
  file,
];

/** pip freeze, conda list and nvidia-smi output, as `--environment` files (the kind is told by content). */
const environmentText: FuzzInput = {
  name: 'environment',
  syntax: 'csv',
  caseFile: 'environment.txt',
  history: false,
  prepare: async (workspace) => {
    await writeToday(workspace);
    return [
      {
        name: 'pip freeze',
        text: '# pip freeze\n--index-url https://download.pytorch.org/whl/cu124\ntorch==2.4.1+cu124\nNvidia_NCCL_cu12==2.20.5\nflash-attn @ file:///wheels/flash_attn-2.6.3-cp311-linux_x86_64.whl\n-e git+https://github.com/NVIDIA/Megatron-LM.git@0123abc#egg=megatron_core\n',
      },
      {
        name: 'conda list',
        text: '# packages in environment at /opt/conda:\n#\n# Name                    Version                   Build  Channel\npytorch                   2.4.1           py3.11_cuda12.4_cudnn9.1.0_0    pytorch\ncuda-version              12.4                 h3060b56_3    conda-forge\n',
      },
      {
        name: 'nvidia-smi',
        text: '+-----------------------------------------------------------------------------------------+\n| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |\n',
      },
    ];
  },
  argv: environmentArgv,
};

/** A JSON `--environment` file. */
const environmentJson: FuzzInput = {
  name: 'environment-json',
  syntax: 'json',
  caseFile: 'environment.json',
  history: false,
  prepare: async (workspace) => {
    await writeToday(workspace);
    return [
      {
        name: 'environment JSON',
        text: JSON.stringify(
          {
            image: 'nvcr.io/nvidia/pytorch@sha256:ab',
            cuda: '12.4',
            world: 8,
            tf32: true,
            versions: { nccl: '2.21.5' },
          },
          null,
          2,
        ),
      },
    ];
  },
  argv: environmentArgv,
};

export const INPUTS: readonly FuzzInput[] = [
  csv,
  golden,
  trainer,
  manifest,
  gpu,
  history,
  environmentText,
  environmentJson,
];
