/**
 * What a loss's numbers are, said once per loss in the report: the final-window median the gate judges
 * (the last 25 % of the loss's logged steps) and the last value, which a reader compares with the log.
 */
import type { MetricSummary } from '../../model.js';
import type { RunReport } from '../report-input.js';
import { FINAL_SHARE } from '../../summarize/final-window.js';
import { formatValue } from './format.js';

/** One plain-text line per loss metric of the run with a final window; names are not escaped. */
export function finalLossLines(run: RunReport): string[] {
  return (run.summary?.metrics ?? []).filter((m) => m.loss).map(finalLossLine);
}

function finalLossLine(m: MetricSummary): string {
  const fw = m.loss!.finalWindow;
  const u = m.class.unit;
  const steps = fw.from === fw.to ? `step ${fw.from}` : `steps ${fw.from}–${fw.to}`;
  const last = m.count > 0 ? `; last value ${formatValue(m.last, u)} at step ${m.lastStep}` : '';
  return `${m.name}: final-window median ${formatValue(fw.median, u)} (last ${FINAL_SHARE * 100} % of its steps: ${steps}, ${fw.count} value${fw.count === 1 ? '' : 's'}; the gate judges this)${last}`;
}
