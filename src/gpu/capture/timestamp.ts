/**
 * Sample times as written by GPU samplers, in ms since the epoch.
 * nvidia-smi: `2026/07/14 08:12:53.353` (the host's local time, no zone: read as UTC — only differences are used),
 * or ISO 8601 with a zone from wrappers; amd-smi and scripts: Unix seconds (or ms when the number is that large);
 * dmon -o DT: `20260714 08:12:53`. NaN when the text is none of these.
 */
export function parseSampleTime(text: string): number {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) {
    const n = Number(t);
    return n > 1e11 ? n : n * 1000;
  }
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
