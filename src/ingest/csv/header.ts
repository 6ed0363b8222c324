/** The header row of a metrics CSV: column names, the delimiter, and which column holds the step. */
import { InputError } from '../../model.js';

/** Names a step column goes by, best first (W&B's `_step` counts log calls, so the trainer's own step wins). */
const STEP_NAMES = [
  'trainer/global_step',
  'train/global_step',
  'global_step',
  'globalstep',
  'global step',
  'step',
  'train/step',
  'iteration',
  'iter',
  'it',
  'steps',
  'iterations',
  '_step',
];

/** The delimiter a header line uses: `,` unless the line has none and has tabs or semicolons. */
export function detectDelimiter(headerLine: string): string {
  if (headerLine.includes(',')) return ',';
  if (headerLine.includes('\t')) return '\t';
  if (headerLine.includes(';')) return ';';
  return ',';
}

/** A column name is a metric name on every sink: far beyond any real one, it is not a header. */
const MAX_HEADER_CELL = 1000;

/**
 * Column names from the header line, trimmed; an empty name becomes `column<N>`. Duplicates are an error.
 * A line without quotes is split as it is; csv-parse (loaded only then) reads a quoted one.
 */
export async function parseHeader(
  source: string,
  line: number,
  headerLine: string,
  delimiter: string,
): Promise<string[]> {
  let fields: string[];
  if (!headerLine.includes('"')) fields = headerLine.split(delimiter);
  else {
    const { parse } = await import('csv-parse/sync');
    try {
      const rows = parse(headerLine, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        trim: true,
      }) as string[][];
      fields = rows[0] ?? [];
    } catch (e) {
      throw new InputError(source, line, `cannot read the header row: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const names = fields.map((f, i) => f.trim() || `column${i + 1}`);
  const long = names.findIndex((n) => n.length > MAX_HEADER_CELL);
  if (long >= 0)
    throw new InputError(
      source,
      line,
      `column ${long + 1}'s name is ${names[long]!.length} characters long (at most ${MAX_HEADER_CELL}): "${names[long]!.slice(0, 40)}…"`,
    );
  const seen = new Map<string, number>();
  names.forEach((name, i) => {
    const first = seen.get(name);
    if (first !== undefined) {
      throw new InputError(source, line, `duplicate column name "${name}" (columns ${first + 1} and ${i + 1})`);
    }
    seen.set(name, i);
  });
  return names;
}

/** Index of the step column among `names`, or -1 when the rows should be numbered by position. */
export function findStepColumn(names: string[]): number {
  const normalised = names.map((n) =>
    n
      .replace(/\s*[[(][^\])]*[\])]\s*$/, '')
      .trim()
      .toLowerCase(),
  );
  for (const candidate of STEP_NAMES) {
    const i = normalised.indexOf(candidate);
    if (i >= 0) return i;
  }
  return -1;
}
