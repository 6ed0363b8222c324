/**
 * Sample times as written by GPU samplers, in ms since the epoch.
 * nvidia-smi: `2026/07/14 08:12:53.353` (the host's local time, no zone: read as UTC — only differences are used),
 * or ISO 8601 with `Z` or an offset from wrappers; amd-smi and scripts: Unix epoch numbers, in the unit the
 * column's name states (`timestamp_ms`) or else told by size (seconds, ms, µs, ns — today's dates are ten,
 * thirteen, sixteen or nineteen digits); dmon -o DT: `20260714 08:12:53`. NaN when the text is none of these.
 */
export function parseSampleTime(text: string, unit = ''): number {
  const t = text.trim();
  if (/^\d{1,20}(\.\d{1,9})?$/.test(t)) return epochMs(Number(t), unit.toLowerCase());
  const slash = /^(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(t);
  if (slash) return utc(slash);
  const dmon = /^(\d{4})(\d{2})(\d{2})\s+(\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(t);
  if (dmon) return utc(dmon);
  const iso = Date.parse(t);
  return Number.isFinite(iso) ? iso : Number.NaN;
}

function utc(m: RegExpExecArray): number {
  const [, y, mo, d, h, mi, s, frac] = m;
  return (
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) +
    (frac ? Math.round(Number(frac) * 1000) : 0)
  );
}

const EPOCH_UNIT_MS: Record<string, number> = { s: 1000, ms: 1, us: 1e-3, ns: 1e-6 };

function epochMs(n: number, unit: string): number {
  const factor = EPOCH_UNIT_MS[unit];
  if (factor !== undefined) return n * factor;
  if (n > 1e17) return n / 1e6;
  if (n > 1e14) return n / 1e3;
  return n > 1e11 ? n : n * 1000;
}
