/**
 * A calibration as the config file's YAML, ready to paste: `warmup_steps`, one `metrics:` rule per
 * calibrated metric (its kind and direction written out, so the rule stands alone when it is the first
 * to match), and `gate.alpha`, the rate the tolerances are for. Each rule has a comment line with the
 * measured noise and the predicted power. Only metric keys (letters, digits, `_` and `.`) are written,
 * never a header or run name as logged, so a file's text cannot reach the YAML or a workflow command.
 */
import type { Calibration, MetricCalibration } from './calibrate.js';

/** 0.0107 → `1.07 %`, 0.21 → `21 %`: three significant digits at most. */
const percent = (x: number): string => `${Number((100 * x).toPrecision(3))} %`;

export function calibrationYaml(c: Calibration): string {
  const lines = [
    `# Calibrated from ${c.runs} runs of the same code at a false-alarm rate of ${percent(c.falseAlarmRate)} per run`,
    '# (training-metrics-gate calibrate; docs/gate.md, "Calibrating tolerances"). Put the metrics rules',
    '# before your own in the metrics section: the first pattern that matches a column wins.',
    ...warmupLines(c),
    'metrics:',
    ...c.metrics.flatMap(metricLines),
    ...c.unjudged.map((u) => `  # ${u.key}: not calibrated, not judged by the gate: ${u.why}`),
    'gate:',
    `  alpha: ${c.falseAlarmRate}`,
  ];
  return `${lines.join('\n')}\n`;
}

function warmupLines(c: Calibration): string[] {
  if (c.warmupSteps === null) return [`# warmup_steps: not detected (${c.warmupWhy})`];
  const by = c.warmup.map(([key, steps]) => `${key} ${steps}`).join(', ');
  return [
    `# warmup_steps: where the metrics reach their steady state (MSER-5, median over the runs): ${by}`,
    `warmup_steps: ${c.warmupSteps}`,
  ];
}

function metricLines(m: MetricCalibration): string[] {
  const key = JSON.stringify(m.key);
  if (m.minEffect === null)
    return [`  # ${m.key}: not calibrated, ${m.skipped}; min_effect stays ${percent(m.cls.minEffect)}`];
  const noise = `noise ${percent(m.cv!)} of the level (${m.noise!.runs} runs, ${m.noise!.df} df)`;
  const band = m.band === null ? '' : `; fails beyond ${percent(m.band)}`;
  const power = m.power.map((p) => `${percent(p.change)} worse ${percent(p.power)}`).join(', ');
  return [
    `  # ${m.key}: ${noise}, ${percent(m.share!)} of the rate${band}; caught: ${power}`,
    `  ${key}: { kind: ${m.cls.kind}, direction: ${m.cls.direction}, min_effect: ${m.minEffect} }`,
  ];
}
