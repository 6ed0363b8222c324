/**
 * What a fuzz case must hold to, as pure checks over what the case did: an exit code the CLI documents,
 * no stack trace or JavaScript error class in the output, no inherited property read as data, no StatsD
 * line over the datagram size, no workflow command started from the file's text, within its time and
 * heap bounds, and a history left byte for byte as it was when `record` refused. An input's own checks
 * (FuzzInput.check) name what they find by kind: `leak:` (a secret, or a file outside where it belongs),
 * `misread:` (input read as something it is not, without a word), `lost data:` (a stored history or a
 * site's page damaged or dropped); bench/fuzz/results.ts counts each kind.
 */

export interface CaseFacts {
  /** null when the case did not end by itself (a hang, or its process died). */
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  hang: boolean;
  /** How the process died, when it did. */
  died: string | null;
  uncaught: boolean;
  /** Heap left in use after the case, over the server's baseline, in bytes; null when not measured. */
  heapGrowth: number | null;
  /** Whether the history file's bytes changed; null when the case has no history. */
  historyChanged: boolean | null;
}

export interface Bounds {
  caseMs: number;
  heapGrowthBytes: number;
  /** The StatsD datagram size (the CLI's default --max-buffer-size): no StatsD line may be longer. */
  datagramBytes: number;
  /** The exit codes the command documents (default 0, 1, 2; `check --bisect`: 0, 1, 125). */
  exitCodes?: readonly number[];
}

const EXIT_CODES = [0, 1, 2];
/** A V8 stack frame: `    at fn (file:line:col)` or `    at file:line:col`. */
const STACK_FRAME = /^\s*at .*:\d+:\d+\)?\s*$/m;
const ERROR_CLASS =
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|EvalError|URIError|AggregateError)\b|Maximum call stack|internal error|JavaScript heap out of memory/;
/** An inherited property read as if it were the user's data (a `constructor` key, say). */
const INHERITED = /\[native code\]|function Object\(\)/;
/** A StatsD line as --dry-run prints it: `name:value|type…`. */
const STATSD_LINE = /^[^\s|:]+:[^|\s]*\|(?:g|c|ms|h|d|s)(?:\||$)/;

/** The token the fuzzer's own names use; a stop-commands line with it came from the file, not the tool. */
export const INJECTED_STOP_TOKEN = 'tmgtoken';

/** Lines of stdout the runner would take as workflow commands, honouring a stop-commands wrapper. */
export function workflowCommands(stdout: string): string[] {
  const found: string[] = [];
  let stopped: string | null = null;
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    if (stopped !== null) {
      if (line === `::${stopped}::`) stopped = null;
      continue;
    }
    if (!line.startsWith('::')) continue;
    const stop = /^::stop-commands::(.+)$/.exec(line);
    if (stop && !stop[1]!.includes(INJECTED_STOP_TOKEN)) stopped = stop[1]!;
    else found.push(line);
  }
  return found;
}

const clip = (s: string): string => JSON.stringify(s.length > 160 ? `${s.slice(0, 160)}…` : s);

/** Every rule the case broke, each as one line naming the rule and the evidence; empty when it held. */
export function problems(f: CaseFacts, bounds: Bounds): string[] {
  const out: string[] = [];
  const output = `${f.stdout}\n${f.stderr}`;
  if (f.hang) out.push(`hang: still running after ${Math.round(f.ms)} ms (bound ${bounds.caseMs} ms)`);
  if (f.died) out.push(`crash: the process died (${f.died}): ${clip(f.stderr.trim().split('\n').pop() ?? '')}`);
  if (f.uncaught) out.push('crash: uncaught exception');
  const codes = bounds.exitCodes ?? EXIT_CODES;
  if (f.code !== null && !codes.includes(f.code))
    out.push(`exit code ${f.code}, not ${codes.slice(0, -1).join(', ')} or ${codes.at(-1)}`);
  const frame = STACK_FRAME.exec(output);
  if (frame) out.push(`stack trace in output: ${clip(frame[0].trim())}`);
  const errorClass = ERROR_CLASS.exec(output);
  if (errorClass)
    out.push(`error class in output: ${clip(errorClass[0])} in ${clip(lineOf(output, errorClass.index))}`);
  const inherited = INHERITED.exec(output);
  if (inherited) out.push(`inherited property in output: ${clip(lineOf(output, inherited.index))}`);
  const long = f.stdout.split('\n').find((l) => STATSD_LINE.test(l) && Buffer.byteLength(l) > bounds.datagramBytes);
  if (long) out.push(`StatsD line of ${Buffer.byteLength(long)} bytes, over the ${bounds.datagramBytes}-byte datagram`);
  const commands = workflowCommands(f.stdout);
  if (commands.length) out.push(`workflow command on stdout: ${clip(commands[0]!)}`);
  if (!f.hang && f.ms > bounds.caseMs) out.push(`slow: ${Math.round(f.ms)} ms (bound ${bounds.caseMs} ms)`);
  if (f.heapGrowth !== null && f.heapGrowth > bounds.heapGrowthBytes)
    out.push(`heap: ${mb(f.heapGrowth)} MB left in use after the case (bound ${mb(bounds.heapGrowthBytes)} MB)`);
  if (f.code === 2 && f.historyChanged) out.push('lost data: record refused the history (exit 2) but the file changed');
  return out;
}

function lineOf(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end < 0 ? undefined : end);
}

const mb = (bytes: number): number => Math.round(bytes / (1 << 20));
