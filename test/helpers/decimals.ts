/**
 * One draw of decimal strings in the forms loggers and languages print numbers: shortest round-trip,
 * fixed, precision, exponent, a float32 widened to double (17 digits, as Python prints a loss), a 53-bit
 * integer, and long runs of zeros after the point. Number parsers are held to `Number()` on these.
 */
export function decimalForms(random: () => number): string[] {
  const x = (random() - 0.3) * 10 ** Math.floor(random() * 40 - 20);
  return [
    String(x),
    x.toFixed(Math.floor(random() * 10)),
    x.toPrecision(1 + Math.floor(random() * 17)),
    x.toExponential(Math.floor(random() * 18)),
    String(Math.fround(x)),
    String(Math.floor(random() * 2 ** 53)),
    `${Math.floor(random() * 1000)}.${'0'.repeat(Math.floor(random() * 25))}${Math.floor(random() * 1000)}`,
  ];
}
