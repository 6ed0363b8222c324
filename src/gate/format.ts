/** Numbers in verdict lines: enough digits to see a 1 % change, no more. */
export function formatValue(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return x.toExponential(3);
  return Number(x.toPrecision(4)).toString();
}

/** −0.0553 → "−5.5 %", 0.1 → "+10 %". */
export function formatChange(r: number): string {
  const p = r * 100;
  const digits = Math.abs(p) >= 10 ? 0 : 1;
  const s = Math.abs(p).toFixed(digits);
  if (Number(s) === 0) return `${(0).toFixed(digits)} %`;
  return `${p < 0 ? '−' : '+'}${s} %`;
}
