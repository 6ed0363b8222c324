/** Numbers as a person reads them in a report: a few significant digits and the unit. */

const MINUS = '\u2212';

/** `value` with `digits` significant digits, no exponent for everyday magnitudes, a real minus sign. */
export function formatNumber(value: number, digits = 3): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : `${MINUS}∞`;
  if (value === 0) return '0';
  const abs = Math.abs(value);
  let text: string;
  if (abs >= 1e-3 && abs < 1e15) {
    const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(abs)));
    text = abs.toFixed(Math.min(decimals, 20));
    if (abs >= 1e4) text = Number(text).toLocaleString('en-US', { maximumFractionDigits: decimals });
    else if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  } else {
    text = abs.toExponential(digits - 1).replace(/\.?0+e/, 'e');
  }
  return value < 0 ? `${MINUS}${text}` : text;
}

const BINARY = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** A value in its unit: `0.398`, `41.2 %`, `1.23 s`, `412 ms`, `73,012 MiB`, `71.3 GiB` (from bytes), `412 TFLOP/s`. */
export function formatValue(value: number | null, unit: string, digits = 3): string {
  if (value === null) return '—';
  if (!Number.isFinite(value)) return formatNumber(value);
  switch (unit) {
    case 'percent':
      return `${formatNumber(value, digits)} %`;
    case 'seconds':
      return Math.abs(value) < 1 && value !== 0
        ? `${formatNumber(value * 1000, digits)} ms`
        : `${formatNumber(value, digits)} s`;
    case 'milliseconds':
      return Math.abs(value) >= 1000 ? `${formatNumber(value / 1000, digits)} s` : `${formatNumber(value, digits)} ms`;
    case 'microseconds':
      return Math.abs(value) >= 1000 ? `${formatNumber(value / 1000, digits)} ms` : `${formatNumber(value, digits)} µs`;
    // A MiB or GiB column is shown as its header states it, so the report reads like the log; a byte
    // count nobody reads (1.3e10) is converted to the largest binary unit and labelled so.
    case 'mebibytes':
      return `${formatNumber(value, digits)} MiB`;
    case 'gibibytes':
      return `${formatNumber(value, digits)} GiB`;
    case 'watts':
      return `${formatNumber(value, digits)} W`;
    case 'celsius':
      return `${formatNumber(value, digits)} °C`;
    case 'megahertz':
      return `${formatNumber(value, digits)} MHz`;
    case 'bytes': {
      let v = value;
      let i = 0;
      while (Math.abs(v) >= 1024 && i < BINARY.length - 1) {
        v /= 1024;
        i++;
      }
      return `${formatNumber(v, digits)} ${BINARY[i]}`;
    }
    case 'tflops':
      return `${formatNumber(value, digits)} TFLOP/s`;
    case 'tokens_per_second':
      return `${formatNumber(value, digits)} tok/s`;
    default:
      return formatNumber(value, digits);
  }
}

/** The baseline as `centre ± 1.2 % noise band`: the centre in the metric's unit, the spread as the verdict's reason writes it. */
export function formatBaseline(centre: number, band: number, unit: string, verdict: string): string {
  return `${formatValue(centre, unit)} ${formatSpread(centre, band, spreadLabel(verdict))}`;
}

/** A relative change as a signed percentage (the gate's verdict lines write it the same way). */
export { formatChange } from '../../gate/format.js';

import { formatSpread, spreadLabel } from '../../gate/format.js';
