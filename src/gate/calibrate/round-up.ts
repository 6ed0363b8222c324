/** Up to 3 significant digits, rounded up: a minimum effect rounded down would spend more than its rate. */
export function roundUp(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return x;
  const unit = 10 ** (Math.floor(Math.log10(x)) - 2);
  return Number((Math.ceil(x / unit - 1e-9) * unit).toPrecision(3));
}
