/**
 * GPU telemetry and cost in words, one line each, for the report: is the GPU maxed out, and what did
 * the run cost. Pure; values come from the GPU summary and the run's cost.
 */
import type { RunCost } from './cost.js';
import type { GpuSummary } from './summary.js';

const pct = (x: number) => `${x.toFixed(0)} %`;
const money = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

export function gpuNotes(gpu: GpuSummary | null, cost: RunCost | null): string[] {
  const lines: string[] = [];
  if (gpu) {
    const r = gpu.run;
    const parts: string[] = [`${gpu.gpuCount} × ${gpu.gpuName ?? 'GPU'}`];
    if (r.utilization) parts.push(`utilisation ${pct(r.utilization.mean)} mean, ${pct(r.utilization.p10)} p10`);
    if (r.smActive) parts.push(`SM active ${pct(r.smActive.mean)}`);
    if (r.tensorActive) parts.push(`tensor active ${pct(r.tensorActive.mean)}`);
    if (r.memory)
      parts.push(
        `memory peak ${Math.round(r.memory.peakMiB)} MiB${r.memory.totalMiB ? ` of ${Math.round(r.memory.totalMiB)} MiB` : ''}`,
      );
    if (r.power) parts.push(`power ${Math.round(r.power.meanW)} W mean, ${Math.round(r.power.maxW)} W max`);
    if (r.temperature) parts.push(`${Math.round(r.temperature.maxC)} °C max`);
    lines.push(`GPU: ${parts.join(', ')}.`);
    if (r.starved?.starved) {
      lines.push(
        `GPU starved: ${r.starved.basis === 'sm_active' ? 'SM activity' : 'utilisation'} under ${r.starved.threshold} % for ${pct(100 * r.starved.fractionBelow)} of the steady state` +
          `${r.starvedGpus.length ? ` (GPU ${r.starvedGpus.join(', ')})` : ''}: look at input pipeline and communication.`,
      );
    }
  }
  if (cost) {
    if (cost.cost !== null && cost.gpuHours !== null && cost.pricePerGpuHour !== null) {
      const perB = cost.costPerBillionTokens !== null ? `, ${money(cost.costPerBillionTokens)} per billion tokens` : '';
      lines.push(
        `Cost: ${money(cost.cost)} (${cost.gpuHours.toFixed(1)} GPU-hours × ${cost.pricePerGpuHour} per ${cost.priceKey ?? 'GPU'}-hour)${perB}.`,
      );
    } else if (cost.missing.length) {
      lines.push(`Cost not computed: ${cost.missing.join('; ')}.`);
    }
  }
  return lines;
}
