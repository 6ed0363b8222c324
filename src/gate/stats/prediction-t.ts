/**
 * Studentised distance of a new run from the baseline, for a prediction interval:
 *   T = (x − x̄) / (s · √(1 + 1/n))
 * where x̄ is the mean of the n baseline runs and s the run-to-run standard deviation. Under "nothing
 * changed" T follows Student's t with the degrees of freedom of s: the new run's own noise (the 1) and the
 * baseline mean's uncertainty (the 1/n) are both counted.
 */
export function predictionT(x: number, centre: number, sd: number, n: number): number {
  if (!(n >= 1)) throw new RangeError(`baseline of ${n} runs`);
  return (x - centre) / (sd * Math.sqrt(1 + 1 / n));
}
