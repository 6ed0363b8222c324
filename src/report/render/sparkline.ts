/**
 * Unicode block sparkline: each value v maps to one of the eight blocks ▁▂▃▄▅▆▇█ by
 * index = round((v − min) / (max − min) · 7), with min and max over the finite values.
 * Non-finite values are a space; a flat series is all ▄.
 */
const BLOCKS = '▁▂▃▄▅▆▇█';

export function sparkline(values: readonly number[]): string {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return values.map(() => ' ').join('');
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  return values
    .map((v) => {
      if (!Number.isFinite(v)) return ' ';
      if (max === min) return BLOCKS[3];
      return BLOCKS[Math.round(((v - min) / (max - min)) * 7)];
    })
    .join('');
}

/**
 * History and the current value on one scale, the current value set apart by an arrow:
 * `▄▅▄▆▅▄▅▅▄▅→▁`. Only the last `keep` history values are drawn.
 */
export function historySparkline(history: readonly number[], current: number | null, keep = 20): string {
  const recent = history.slice(-keep);
  if (recent.length === 0 && current === null) return '';
  const line = sparkline([...recent, current ?? NaN]);
  return current === null ? line.slice(0, -1) : `${line.slice(0, -1)}→${line.slice(-1)}`;
}
