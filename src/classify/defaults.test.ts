import { describe, expect, it } from 'vitest';
import { classRule, defaultClass, RULES } from './defaults.js';

const kindOf = (h: string) => defaultClass(h).kind;

describe('defaultClass', () => {
  it.each([
    ['lm loss', 'loss'],
    ['train_loss', 'loss'],
    ['train.lm_loss', 'loss'],
    ['eval_loss', 'loss'],
    ['loss', 'loss'],
    ['iteration-time', 'timer'],
    ['step_time', 'timer'],
    ['elapsed time per iteration (ms)', 'timer'],
    ['tokens_per_sec', 'window'],
    ['tok_per_s', 'window'],
    ['tok/s', 'window'],
    ['throughput_tokens_per_sec_per_gpu', 'window'],
    ['train_samples_per_second', 'window'],
    ['mfu', 'window'],
    ['MFU', 'window'],
    ['Tflops', 'window'],
    ['mem-max-allocated-bytes', 'window'],
    ['memory.used [MiB]', 'window'],
    ['memory.allocated [MiB]', 'window'],
    ['consumed_tokens', 'gauge'],
    ['num-zeros', 'gauge'],
    ['learning_rate', 'gauge'],
    ['lr', 'gauge'],
    ['grad_norm', 'gauge'],
    ['epoch', 'gauge'],
    ['train_runtime', 'gauge'],
    ['eta_seconds', 'gauge'],
    ['time_remaining', 'gauge'],
    ['total_flos', 'gauge'],
    // Counters named as such are gauges, even under a throughput or time name; a total loss is a loss.
    ['throughput/total_training_Gflops', 'gauge'],
    ['throughput/total_tokens', 'gauge'],
    ['accumulated_submission_time', 'gauge'],
    ['total_duration', 'gauge'],
    ['cumulative_tokens', 'gauge'],
    ['memory.total', 'gauge'],
    ['total_loss', 'loss'],
    ['throughput_total_tokens_per_sec', 'window'],
    // Telemetry that names memory without being memory use (amd-smi and nvidia-smi field names).
    ['mem_0_clk', 'gauge'],
    ['mem_voltage', 'gauge'],
    ['temperature.memory', 'gauge'],
    ['ecc.errors.corrected.volatile.device_memory', 'gauge'],
    ['memory.used', 'window'],
  ])('%s is %s', (header, kind) => {
    expect(kindOf(header)).toBe(kind);
  });

  it.each([
    // Quality metrics, higher is better: Hugging Face, Keras, fastai, Lightning, Ultralytics, detectron2,
    // mmdetection, RL libraries, code and text generation.
    ['eval_accuracy', 'higher'],
    ['eval_f1', 'higher'],
    ['accuracy', 'higher'],
    ['val_acc', 'higher'],
    ['val_accuracy', 'higher'],
    ['sparse_categorical_accuracy', 'higher'],
    ['val_acc_epoch', 'higher'],
    ['top1', 'higher'],
    ['acc@5', 'higher'],
    ['eval_precision', 'higher'],
    ['recall', 'higher'],
    ['val_auc', 'higher'],
    ['metrics/mAP50(B)', 'higher'],
    ['metrics/mAP50-95(B)', 'higher'],
    ['metrics/mAP50(M)', 'higher'],
    ['metrics/precision(B)', 'higher'],
    ['metrics/mAP_0.5:0.95', 'higher'],
    ['bbox/AP50', 'higher'],
    ['bbox/APs', 'higher'],
    ['coco/bbox_mAP_75', 'higher'],
    ['val_miou', 'higher'],
    ['dice', 'higher'],
    ['eval_bleu', 'higher'],
    ['eval_rougeLsum', 'higher'],
    ['exact_match', 'higher'],
    ['pass@1', 'higher'],
    ['reward', 'higher'],
    ['rewards/margins', 'higher'],
    ['rollout/ep_rew_mean', 'higher'],
    ['eprewmean', 'higher'],
    ['AverageEpRet', 'higher'],
    ['eval/mean_reward', 'higher'],
    ['rollout/success_rate', 'higher'],
    ['total_reward', 'higher'],
    ['f1_score', 'higher'],
    ['validation/ssim', 'higher'],
    // Lower is better: error rates and distances.
    ['eval_wer', 'lower'],
    ['cer', 'lower'],
    ['error_rate', 'lower'],
    ['val_top1_err', 'lower'],
    ['fid', 'lower'],
    ['val_mae', 'lower'],
    ['mean_absolute_error', 'lower'],
  ])('%s is a quality metric, %s is better', (header, direction) => {
    expect(defaultClass(header)).toMatchObject({ kind: 'quality', direction, gate: true });
  });

  it.each([
    // Aggregation suffixes are the metric's; rates with a time word are throughput.
    ['train_loss_epoch', 'loss', 'lower'],
    ['train_loss_step', 'loss', 'lower'],
    ['time/fps', 'window', 'higher'],
    ['fps', 'window', 'higher'],
    ['it/s', 'window', 'higher'],
    ['samples_per_second', 'window', 'higher'],
    // Not levels to judge: spreads and extremes, DPO's per-answer rewards, RL bookkeeping and diagnostics.
    ['reward_std', 'gauge', 'none'],
    ['StdEpRet', 'gauge', 'none'],
    ['MaxEpRet', 'gauge', 'none'],
    ['rewards/chosen', 'gauge', 'none'],
    ['rewards/rejected', 'gauge', 'none'],
    ['time/total_timesteps', 'gauge', 'none'],
    ['total_timesteps', 'gauge', 'none'],
    ['timesteps', 'gauge', 'none'],
    ['steps_done', 'gauge', 'none'],
    ['time/episodes', 'gauge', 'none'],
    ['train/n_updates', 'gauge', 'none'],
    ['train/approx_kl', 'gauge', 'none'],
    ['train/clip_fraction', 'gauge', 'none'],
    ['train/ent_coef', 'gauge', 'none'],
    ['percentage', 'ignore', 'none'],
    ['lr/pg0', 'gauge', 'none'],
    // Still what they were.
    ['val_loss', 'loss', 'lower'],
    ['train/value_loss', 'loss', 'lower'],
    ['max_memory_allocated_mb', 'window', 'lower'],
    ['time_per_step', 'timer', 'lower'],
    ['global_step', 'gauge', 'none'],
    ['GPU utilization', 'window', 'higher'],
    ['tps_per_gpu', 'window', 'higher'],
    // A bare score (AlgoPerf's accumulated submission time) and a signed mean error are no quality to judge.
    ['score', 'gauge', 'none'],
    ['output_mean_error', 'gauge', 'none'],
    ['eval_score', 'quality', 'higher'],
    // A per-class breakdown beside the overall metric.
    ['bbox/AP-airplane', 'gauge', 'none'],
    ['bbox/AP-baby bed', 'gauge', 'none'],
    ['bbox/AP', 'quality', 'higher'],
    ['coco/bbox_mAP_s', 'quality', 'higher'],
  ])('%s is %s (%s)', (header, kind, direction) => {
    expect(defaultClass(header)).toMatchObject({ kind, direction });
  });

  it('says which rule a name took', () => {
    expect(classRule('eval_accuracy').reason).toMatch(/model quality .* higher is better/);
    expect(classRule('eval_wer')).toMatchObject({ id: 'quality-lower', reason: /error rates .* lower is better/ });
    expect(classRule('train_loss_epoch')).toMatchObject({ id: 'loss', reason: /^loss and perplexity/ });
    expect(classRule('some_unknown_column')).toMatchObject({ id: 'none', reason: /^no rule matched/ });
    // A series named by its axis is the metric before it, not a count of that axis.
    expect(classRule('validation/evaluation_accuracy_vs_iterations').id).toBe('quality-higher');
    expect(classRule('validation/evaluation_loss_vs_iterations').id).toBe('loss');
    expect(classRule('iterations').id).toBe('work-count');
    // Every rule has its reason, and no two rules give the same one.
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    const reasons = RULES.map((r) => r.reason);
    expect(reasons.every((r) => r.length > 10)).toBe(true);
    expect(new Set(reasons).size).toBe(reasons.length);
  });

  it('gives direction and unit', () => {
    expect(defaultClass('MFU')).toMatchObject({ direction: 'higher', gate: true, unit: 'ratio' });
    expect(defaultClass('iteration-time')).toMatchObject({ direction: 'lower', unit: 'seconds' });
    expect(defaultClass('elapsed time per iteration (ms)')).toMatchObject({ unit: 'milliseconds' });
    expect(defaultClass('memory.used [MiB]')).toMatchObject({ direction: 'lower', unit: 'mebibytes' });
    // MB means MiB whether written as a suffix or in the name, as training code and older nvidia-smi mean it.
    expect(defaultClass('memory.used [MB]')).toMatchObject({ unit: 'mebibytes' });
    expect(defaultClass('max_memory_allocated_mb')).toMatchObject({ unit: 'mebibytes' });
    expect(defaultClass('hbm_peak_gb')).toMatchObject({ unit: 'gibibytes' });
    expect(defaultClass('hbm peak [GB]')).toMatchObject({ unit: 'gibibytes' });
    expect(defaultClass('mem-max-allocated-bytes')).toMatchObject({ unit: 'bytes' });
    expect(defaultClass('utilization.gpu [%]')).toMatchObject({ unit: 'percent' });
    expect(defaultClass('consumed_tokens')).toMatchObject({ direction: 'none', gate: false });
    expect(defaultClass('lm loss')).toMatchObject({ direction: 'lower', gate: true });
    // Ultralytics' (B) is the box task, not bytes; (M) masks, and the two stay apart.
    expect(defaultClass('metrics/mAP50(B)')).toMatchObject({ unit: '' });
  });
});
