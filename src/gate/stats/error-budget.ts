/**
 * Split a family-wise false-alarm rate α over independent metric families (weighted Bonferroni).
 * A family also needs its change to exceed a minimum effect, so under "nothing changed" it can fire at
 * most with probability πf = P(noise alone exceeds the minimum effect), whatever its share. Families are
 * filled in order of πf: one whose πf is below an equal share of what is left gets exactly πf; the rest
 * share the remainder equally. Then P(any false alarm) ≤ Σf min(αf, πf) ≤ α. The split is computed
 * from the history alone, before the current run is looked at, so the bound holds.
 */
export function errorBudget(alpha: number, floors: readonly number[]): number[] {
  const out = floors.map(() => 0);
  const order = floors.map((p, i) => [Number.isFinite(p) ? Math.max(0, p) : 1, i] as const).sort((a, b) => a[0] - b[0]);
  let remaining = alpha;
  let left = order.length;
  let k = 0;
  for (; k < order.length; k++) {
    const [pi, i] = order[k]!;
    if (pi > remaining / left) break;
    out[i] = pi;
    remaining -= pi;
    left -= 1;
  }
  for (; k < order.length; k++) out[order[k]![1]] = remaining / left;
  return out;
}
