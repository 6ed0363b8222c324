/** The real files in fixtures/real/ (see PROVENANCE.md) through openTable. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../model.js';
import { collectTable } from './collect.js';
import { openCsvTable } from './csv/table.js';
import { openTable } from './open-table.js';

const real = (name: string) => join(import.meta.dirname, '../../fixtures/real', name);
const MEGATRON_CSV = real('megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv');
const MEGATRON_JSON = real('megatron_golden_values_gpt3_15b_8t_release_sm_h100.json');
const HF_STATE = real('hf_trainer_state_whisper_5k_steps.json');
const EZPZ = real('run_summary_mfu_tflops_ezpz_perlmutter.csv');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ingest-real-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Megatron-LM golden values', () => {
  it('reads the CSV: 2601 steps from 1 to 13000, nan tokens listed, memory in bytes', async () => {
    const table = await openTable(MEGATRON_CSV);
    expect(table.stepColumn).toBe('step');
    expect(table.columns).toEqual([
      'lm loss',
      'num-zeros',
      'mem-allocated-bytes',
      'mem-max-allocated-bytes',
      'iteration-time',
    ]);
    const t = await collectTable(table);
    expect(t.steps).toHaveLength(2601);
    expect(t.steps.slice(0, 3)).toEqual([1, 5, 10]);
    expect(t.steps.at(-1)).toBe(13000);
    expect(t.values['lm loss']![0]).toBe(12.95636);
    expect(t.values['mem-allocated-bytes']![0]).toBe(13268858880);
    expect(t.nanTokens['iteration-time']).toHaveLength(2474);
    expect(t.nanTokens['lm loss']).toHaveLength(57);
    expect(table.warnings).toEqual([]);
  });

  it('reads the golden-values JSON (metric-major, "nan" strings) as its CSV pivot, less the padding the format defines', async () => {
    const json = await openTable(MEGATRON_JSON);
    const csv = await openTable(MEGATRON_CSV);
    expect(json.columns).toEqual(csv.columns);
    expect(json.stepColumn).toBe('step');
    const [a, b] = [await collectTable(json), await collectTable(csv)];
    // Golden values run every metric to end_step with "nan": those 57 steps are padding in the JSON only.
    expect(a.steps).toEqual(b.steps.slice(0, -57));
    expect(a.steps.at(-1)).toBe(12715);
    for (const name of json.columns) expect(a.values[name]).toEqual(b.values[name]!.slice(0, -57));
    expect(json.warnings).toEqual([
      '57 trailing steps (steps 12720–13000) hold only "nan": Megatron\'s golden values pad past the last logged step this way; not counted as steps, the run ends at step 12715',
    ]);
    expect(a.nanTokens['lm loss']).toBeUndefined();
    expect(a.nanTokens['iteration-time']).toHaveLength(2474 - 57);
  });
});

describe('Hugging Face trainer_state.json', () => {
  it('merges train, eval and summary entries of one step into one row', async () => {
    const table = await openTable(HF_STATE);
    expect(table.stepColumn).toBe('step');
    expect(table.columns.slice(0, 4)).toEqual(['epoch', 'learning_rate', 'loss', 'eval_loss']);
    expect(table.columns).toEqual(
      expect.arrayContaining(['eval_wer', 'train_runtime', 'total_flos', 'train_samples_per_second']),
    );
    const t = await collectTable(table);
    expect(t.steps).toHaveLength(200);
    expect(t.steps[0]).toBe(25);
    expect(t.steps.at(-1)).toBe(5000);
    expect(t.values.loss![0]).toBe(0.3048);
    expect(t.values.eval_loss!.filter(Number.isFinite)).toHaveLength(5);
    expect(t.values.eval_wer!.at(-1)).toBe(0.7449365679946583);
    expect(t.values.train_runtime!.at(-1)).toBe(77350.9963);
    expect(t.values.loss!.at(-1)).toBe(0.0002);
  });

  it('rejects JSON of another shape in one line', async () => {
    const path = join(dir, 'other.json');
    await writeFile(path, '{"a": [1, 2, 3]}');
    await expect(openTable(path)).rejects.toThrow(/other\.json: JSON of an unknown shape/);
  });

  it('points at the line of a JSON syntax error', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(path, '{\n  "log_history": [\n    {"step": 1, "loss": 2,}\n  ]\n}\n');
    const err = await openTable(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).line).toBe(3);
  });

  it('says that a JSON-lines file without a step key is a manifest, not a metrics file', async () => {
    const err = await openTable(real('experiment_ledger_manifest_inferencex_gb200.jsonl')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(
      /: JSON lines without a step key \(step, global_step, current_steps, _step, iteration, iter, steps\) on most lines, so not a per-step log: a run manifest of JSON lines is given with --metadata/,
    );
  });

  it('errors when no metric has a finite value', async () => {
    const path = join(dir, 'allnan.json');
    await writeFile(
      path,
      JSON.stringify({ 'lm loss': { start_step: 1, end_step: 2, step_interval: 1, values: { 1: 'nan', 2: 'nan' } } }),
    );
    await expect(openTable(path)).rejects.toThrow(/no metric has a finite value/);
  });
});

describe('per-run summary tables are refused, not read as the steps of one run', () => {
  it.each([
    [
      EZPZ,
      /:1: a per-run summary table \(one row per run: no step column, columns such as "config", "status", "wall", "final"\)/,
    ],
    [
      real('run_summary_algoperf_nadamw_per_trial_inf_not_reached.csv'),
      /:1: a per-run summary table \(one row per run: no step column, columns such as "workload", "trial", "target", "reached"\)/,
    ],
  ])('%s', async (path, message) => {
    for (const parser of ['byte-scanner', 'csv-parse'] as const) {
      const err = await openCsvTable(path, { parser }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).message).toMatch(message);
    }
  });

  it('a constant "steps" column in a per-step table is read as a metric, rows numbered by position', async () => {
    // What ezpz's runs.csv showed before per-run tables were refused: its `steps` holds each run's length.
    const path = join(dir, 'constant-steps.csv');
    await writeFile(path, 'steps,mfu,tflops\n20,2.32,7.237\n20,4.467,13.937\n20,4.636,14.464\n');
    const table = await openTable(path);
    expect(table.stepColumn).toBeNull();
    expect(table.columns).toEqual(['steps', 'mfu', 'tflops']);
    const t = await collectTable(table);
    expect(t.steps).toEqual([0, 1, 2]);
    expect(t.values.mfu).toEqual([2.32, 4.467, 4.636]);
    expect(table.warnings).toEqual([
      'column "steps" has the same value on every row, so it is read as a metric and rows are numbered by position',
    ]);
  });
});

describe('files that are not a per-step table are refused with what they look like', () => {
  it.each([
    [
      'nvidia_smi_noheader_nounits_no_index_4gpu.csv',
      /:1: a CSV without a header row: the first line is data \(3 of 3 fields are numbers or times: "2025\/09\/08 14:14:37\.120", "0", "11409"\)/,
    ],
    [
      'mlperf_mllog_dlrm_hugectr_dell_xe8545_stops_at_target.txt',
      /:9: an MLPerf result log \(:::MLLOG events\), not a per-step metrics table/,
    ],
    ...[
      'nvidia_smi_8gpu_interleaved_gpu_glasses.csv',
      'nvidia_smi_query_gpu_all_fields_h100_load_capture.csv',
      'nvidia_smi_wrapper_snake_case_units_8gpu_iso_z.csv',
      'nvidia_smi_wrapper_unix_epoch_dotted_names.csv',
      'nvidia_smi_header_repeated_every_sample.csv',
      'nvidia_smi_dmon_h100_load_whitespace.txt',
      'amdsmi_gpu_metrics_quoted_lists_inferencex_EXCERPT.csv',
    ].map((name): [string, RegExp] => [name, /:1: an nvidia-smi capture \(GPU telemetry .*\): pass it with --gpu-csv/]),
    ...[
      'console_log_deepspeed_chat_llama_7b_sft_16_ranks_device_mismatch_crash.log',
      'console_log_deepspeed_vit_cifar10_random_ltd_14_epochs_success.log',
    ].map((name): [string, RegExp] => [
      name,
      /:1: a DeepSpeed\/console text log \(its lines start with a bracketed tag or a timestamp\), not a per-step metrics table/,
    ]),
    [
      'mlperf_result_llama2_70b_lora_nvidia_eos_n128_eval_loss_as_accuracy.txt',
      /:1: an MLPerf result log \(:::MLLOG events\), not a per-step metrics table/,
    ],
    [
      'mlperf_result_stable_diffusion_oracle_b200_v5_0_rank_prefixed_fid_clip.txt',
      /:6: an MLPerf result log \(:::MLLOG events\), not a per-step metrics table/,
    ],
    ...[
      'headerless_space_separated_loss_faster_rcnn_image_id_loss_sorted_desc.txt',
      'headerless_space_separated_loss_mt_cgcnn_numpy_savetxt_4_columns_30_rows.txt',
    ].map((name): [string, RegExp] => [name, /:1: a header-less space-separated table \(every line is numbers\)/]),
    [
      'nvidia_smi_capture_rtx5060_windows_wddm_bom_process_list.txt',
      /:1: an nvidia-smi capture \(GPU telemetry .*\): pass it with --gpu-csv/,
    ],
    [
      'run_summary_sweep_biofoundation_seed_variant_mode_4_eval_rows_per_run_crlf.csv',
      /:1: a table of runs \(a sweep: no step column, and hyper-parameter column "seed" changes from row to row/,
    ],
    [
      'run_summary_sweep_sae_elm_grid_8_runs_unnamed_index_column.csv',
      /:1: a table of runs \(a sweep: no step column, and hyper-parameter column "batch_size" changes from row to row/,
    ],
    [
      'prometheus_exposition_nvidia_gpu_exporter_h100_load.metrics',
      /:1: a Prometheus scrape \(text exposition\), not a per-step metrics table: pass a GPU exporter scrape with --gpu-scrape/,
    ],
    [
      'console_log_modded_nanogpt_valueembed_1530_steps.txt',
      /:1: a text log \(console output\?\), not a per-step metrics table/,
    ],
    ...[
      'console_log_olmo_1b_continue_killed_EXCERPT.log',
      'console_log_megatron_deepspeed_gpt3_125m_baseline_EXCERPT.log',
    ].map((name): [string, RegExp] => [name, /:1: a text log \(console output\?\), not a per-step metrics table/]),
  ])('%s', async (name, message) => {
    const err = await openTable(real(name)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(message);
    expect((err as InputError).detail).not.toMatch(/quote|cannot read CSV/i);
  });

  it('a header with a step column and columns named by numbers (histogram buckets) is a header', async () => {
    const path = join(dir, 'buckets.csv');
    await writeFile(path, 'step,0,1,2\n1,5,3,1\n2,4,3,2\n');
    const t = await collectTable(await openTable(path));
    expect(t.steps).toEqual([1, 2]);
    expect(Object.keys(t.values)).toEqual(['0', '1', '2']);
  });

  it('an MLLOG line behind a launcher prefix counts; the word in prose does not', async () => {
    const prefixed = join(dir, 'prefixed.log');
    await writeFile(prefixed, 'starting\n[1,0]<stdout>::::MLLOG {"key": "run_start"}\n');
    await expect(openTable(prefixed)).rejects.toThrow(/prefixed\.log:2: an MLPerf result log/);
    const mention = join(dir, 'mention.csv');
    await writeFile(mention, 'step,note\n1,this is a long note that mentions :::MLLOG in passing\n2,x\n');
    await expect(openTable(mention)).rejects.toThrow(/no numeric metric column/);
  });

  it.each([
    'algoperf_measurements_global_step_accumulated_criteo1tb.csv',
    'lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv',
    'lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv',
    'keras_csvlogger_fer2013_emotion_training.log',
    'megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv',
    '../demo/gpt3-1.3b-tp1/metrics_rank_0.csv',
  ])('still reads the per-step table %s', async (name) => {
    const t = await collectTable(await openTable(real(name)));
    expect(t.steps.length).toBeGreaterThan(0);
  });
});

describe('formats trainers write by default (real files)', () => {
  it("Python's bare NaN in trainer_state.json: a NaN grad_norm on one step, and the loss read in full", async () => {
    for (const name of [
      'hf_trainer_state_python_nan_alpaca_lora_diverging_grad_norm_1400_steps.json',
      'hf_trainer_state_python_nan_alpaca_lora_checkpoint_200_other_run_step_10_and_90.json',
    ]) {
      const t = await collectTable(await openTable(real(name)));
      expect(t.nanTokens.grad_norm?.length, name).toBeGreaterThan(0);
      expect(t.nanTokens.loss, name).toBeUndefined();
      expect(t.values.loss!.filter(Number.isFinite).length, name).toBeGreaterThan(10);
    }
  });

  it("Python's bare NaN from a second writer: NeMo Automodel's JSON-lines golden values, loss and grad_norm NaN on every line", async () => {
    const t = await collectTable(
      await openTable(real('jsonl_per_step_nemo_automodel_golden_python_nan_loss_every_step_nemotron_flash_1b.jsonl')),
    );
    expect(t.steps).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(t.nanTokens.loss).toHaveLength(100);
    expect(t.nanTokens.grad_norm).toHaveLength(100);
    expect(t.values.tps!.filter(Number.isFinite)).toHaveLength(100);
    // The same writer's clean file: one object per line, `step` as the step.
    const clean = await openTable(real('jsonl_per_step_nemo_automodel_golden_llama3_2_1b_squad_h100_100_steps.jsonl'));
    expect(clean.stepColumn).toBe('step');
    const c = await collectTable(clean);
    expect(c.steps).toHaveLength(100);
    expect(c.values.loss![0]).toBeCloseTo(0.961, 2);
  });

  it('LLaMA-Factory trainer_log.jsonl: current_steps as the step, total_steps as the expected length', async () => {
    const table = await openTable(real('jsonl_per_step_llamafactory_360_dpo_accuracy_stopped_at_202_of_5100.jsonl'));
    expect(table.stepColumn).toBe('current_steps');
    expect(table.expectedSteps).toBe(5100);
    expect(table.columns).toContain('loss');
    expect(table.columns).not.toContain('total_steps');
    const t = await collectTable(table);
    expect(t.steps).toHaveLength(202);
    // The old layout's always-null columns are columns with no value, named in a warning.
    const old = await openTable(real('jsonl_per_step_llamafactory_luojiu_7b_old_layout_null_columns_8712_steps.jsonl'));
    expect(old.warnings.join('\n')).toMatch(/columns with no finite value: "eval_loss", "predict_loss", "reward"/);
  });

  it('Megatron-Bridge step-major golden values: steps from the keys, run-level values at the last step', async () => {
    const table = await openTable(real('golden_values_step_major_megatron_bridge_deepseek_fsdp_gb200_50_steps.json'));
    const t = await collectTable(table);
    expect(t.steps).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(t.values['lm loss']![0]).toBe(11.89415);
    expect(t.values.max_alloc!.filter(Number.isFinite)).toEqual([93.2]);
    expect(t.values.max_alloc![49]).toBe(93.2);
    expect(table.warnings.join('\n')).toMatch(
      /run-level values "alloc", "max_alloc" kept as one value at the last step \(49\)/,
    );
  });

  it('TensorBoard run directories of Lightning and Keras: every scalar tag a column, the test phase kept', async () => {
    const lightning = await collectTable(await openTable(real('tensorboard_lightning_pl_wrapper_cifar10_version_0')));
    expect(lightning.values.train_loss_step!.filter(Number.isFinite).length).toBeGreaterThan(100);
    expect(lightning.values.test_acc_epoch!.filter(Number.isFinite)).toHaveLength(1);
    const keras = await collectTable(await openTable(real('tensorboard_keras_tf2_melanoma_train_8_epochs')));
    expect(keras.steps).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(keras.values.epoch_loss![0]).toBeCloseTo(0.311839759349823, 12);
  });
});

describe('Megatron-LM golden values in the older list layout', () => {
  it('steps are start_step + i × step_interval, unequal lengths merged by step, the top-level scalar noted', async () => {
    const table = await openTable(real('megatron_golden_values_bert_345m_resume_list_layout_unequal_lengths.json'));
    expect(table.stepColumn).toBe('step');
    expect(table.columns).toEqual(['lm loss', 'num-zeros']);
    const t = await collectTable(table);
    expect(t.steps).toEqual(Array.from({ length: 20 }, (_, i) => i * 5));
    expect(t.values['lm loss']![0]).toBe(10.51554);
    expect(t.values['lm loss']![19]).toBe(9.20722);
    expect(t.values['num-zeros']![16]).toBe(23027);
    expect(t.values['num-zeros']!.slice(17)).toEqual([NaN, NaN, NaN]);
    expect(table.warnings).toEqual([
      'top-level value "iteration_timing_avg" (0.24888507462686574) is a run-level figure, not a per-step series; left out',
    ]);
  });

  it('a list without start_step or step_interval is an error naming the metric', async () => {
    const path = join(dir, 'list-no-interval.json');
    await writeFile(path, JSON.stringify({ 'lm loss': { start_step: 1, values: [1, 2] } }));
    await expect(openTable(path)).rejects.toThrow(
      /metric "lm loss": "values" is a list, so it needs a numeric "start_step" and a positive "step_interval"/,
    );
  });

  it('an object beside the metrics is still an unknown shape', async () => {
    const path = join(dir, 'list-and-object.json');
    await writeFile(path, JSON.stringify({ 'lm loss': { start_step: 1, step_interval: 1, values: [1] }, x: { y: 1 } }));
    await expect(openTable(path)).rejects.toThrow(/JSON of an unknown shape/);
  });
});

describe('other real CSVs never crash', () => {
  // (The amd-smi dump is quoted from its first data row, so both paths would be csv-parse: it is tested below.)
  it.each([
    'nvidia_smi_8gpu_interleaved_gpu_glasses.csv',
    'nvidia_smi_query_gpu_all_fields_h100_load_capture.csv',
    MEGATRON_CSV,
    real('keras_csvlogger_fer2013_emotion_training.log'),
    real('lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv'),
    real('algoperf_measurements_global_step_accumulated_criteo1tb.csv'),
  ])('%s: the byte scanner and csv-parse give identical tables', async (name) => {
    const path = name.includes('/') ? name : real(name);
    const fast = await openCsvTable(path);
    const slow = await openCsvTable(path, { parser: 'csv-parse' });
    const fastData = await collectTable(fast);
    expect(await collectTable(slow)).toEqual(fastData);
    expect(fast.warnings).toEqual(slow.warnings);
  });

  // GPU captures are refused by openTable (pass them with --gpu-csv); the CSV reader itself still reads them.
  it('amd-smi dump: quoted list fields are text, the partial last group is kept, CRLF with bare-LF blank lines', async () => {
    const table = await openCsvTable(real('amdsmi_gpu_metrics_quoted_lists_inferencex_EXCERPT.csv'));
    const t = await collectTable(table);
    expect(t.steps).toHaveLength(14);
    expect(table.columns).toContain('socket_power');
    expect(table.columns).not.toContain('power_management');
    expect(t.values.socket_power!.every(Number.isFinite)).toBe(true);
  });
});
