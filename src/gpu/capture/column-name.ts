/**
 * One normal form for the column names GPU captures are written with, so that nvidia-smi's own names
 * (`utilization.gpu [%]`, `memory.used [MiB]`) and the ones wrappers write (`utilization_gpu_percent`,
 * `memory_used_MiB`, `gpu_index`, `power_W`) land on the same field.
 *
 * The rule, applied to the names a capture has and to the names the field table lists alike:
 * - a unit in brackets or parentheses, or a last word that is a unit (`_percent`, `_MiB`, `_W`, `_C`,
 *   `_ms`), is taken off and kept as the column's unit;
 * - the rest is split into words at `.`, `_`, `-`, spaces and camelCase humps, lower-cased, and common
 *   abbreviations spelled out (`util`, `mem`, `temp`, `pwr`, `clk`, `idx`, `ts`);
 * - words that say nothing in a GPU capture are dropped (`gpu` unless it is the only word, nvidia-smi's
 *   `current` and `draw`), and the words are sorted, so `gpu_utilization` and `utilization.gpu` agree.
 */
import { unitSuffix } from '../../naming.js';

/** Unit words as written at the end of a name → the unit as the value reader spells it. */
const UNIT_WORDS: Record<string, string> = {
  percent: '%',
  pct: '%',
  '%': '%',
  mib: 'MiB',
  mb: 'MB',
  gib: 'GiB',
  gb: 'GB',
  kib: 'KiB',
  kb: 'KB',
  bytes: 'B',
  w: 'W',
  watt: 'W',
  watts: 'W',
  mw: 'mW',
  c: 'C',
  degc: 'C',
  celsius: 'C',
  mhz: 'MHz',
  ghz: 'GHz',
  hz: 'Hz',
  s: 's',
  sec: 's',
  secs: 's',
  seconds: 's',
  ms: 'ms',
  us: 'us',
  ns: 'ns',
};

const SYNONYMS: Record<string, string> = {
  util: 'utilization',
  utilisation: 'utilization',
  mem: 'memory',
  temp: 'temperature',
  pwr: 'power',
  clock: 'clocks',
  clk: 'clocks',
  idx: 'index',
  ts: 'timestamp',
  time: 'timestamp',
  datetime: 'timestamp',
  epoch: 'timestamp',
};

/** Words that name no quantity here: every column of a GPU capture is about the GPU. */
const NOISE = new Set(['gpu', 'current', 'draw']);

/** A unit glued to a camelCase name (`memoryUsedMiB`, `powerW`): only spellings a word would not end in. */
const CAMEL_UNIT = /^(.*[a-z])(MiB|GiB|KiB|MB|GB|KB|MHz|GHz|W|C|Percent|Pct)$/;

export interface ColumnName {
  /** The normal form: sorted words joined by `.` (`memory.used`, `index`, `timestamp`). */
  key: string;
  /** The unit the name states, or ''. */
  unit: string;
}

export function columnName(header: string): ColumnName {
  let unit = '';
  let rest = header.trim();
  const bracket = unitSuffix(rest);
  if (bracket) {
    unit = bracket.unit;
    rest = rest.slice(0, bracket.start);
  }
  const parts = rest.split(/[^A-Za-z0-9%]+|(?=%)/).filter(Boolean);
  const tail = parts[parts.length - 1] ?? '';
  const camel = UNIT_WORDS[tail.toLowerCase()] === undefined ? CAMEL_UNIT.exec(tail) : null;
  if (camel) parts.splice(parts.length - 1, 1, camel[1]!, camel[2]!);
  const last = parts[parts.length - 1]?.toLowerCase();
  if (parts.length > 1 && last !== undefined && UNIT_WORDS[last] !== undefined) {
    unit ||= UNIT_WORDS[last]!;
    parts.pop();
  }
  const words = parts
    .flatMap((p) => p.split(/(?<=[a-z])(?=[A-Z])/))
    .map((w) => w.toLowerCase())
    .map((w) => SYNONYMS[w] ?? w);
  const meaningful = words.filter((w) => !NOISE.has(w));
  const kept = meaningful.length ? meaningful : words.slice(0, 1);
  return { key: [...new Set(kept)].sort().join('.'), unit };
}

/** The normal form of a name the field table lists. */
export function columnKey(name: string): string {
  return columnName(name).key;
}
