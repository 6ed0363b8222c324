/**
 * Progress of long work on stderr, never on stdout nor in the JSON account. Work that is done within
 * DELAY_MS says nothing. Past it: in a terminal, one line redrawn in place (what is read of the total,
 * the rate, the time left), erased when the work ends; in a CI log (`CI` or `GITHUB_ACTIONS` set, or
 * stderr not a terminal), a plain line each time the outermost task passes another tenth of its total
 * or QUIET_MS went by without one, and a last line when it ends: about a dozen lines, never a flood.
 *
 * Tasks nest (the runs of a manifest, the bytes of the file being read): the line shows each open one.
 * The clock is given, so tests say what time it is.
 */
import { describeTask } from './format.js';

/** The work's units: bytes are shown as MiB, the others counted. */
export type Unit = 'bytes' | 'runs' | 'records' | 'pages' | 'lines';

export interface ProgressTask {
  /** `n` more units done. */
  add(n: number): void;
  /** The total grew by `n` (work found on the way: a file read twice). */
  grow(n: number): void;
  /** The work ended (done or not): the task's line goes. */
  end(): void;
}

/** What long work is given: tasks to tell of. */
export interface ProgressSink {
  task(label: string, total: number, unit: Unit): ProgressTask;
}

const NO_TASK: ProgressTask = { add() {}, grow() {}, end() {} };

/** Says nothing (`--quiet`, tests, and what runs inside another command's progress). */
export const SILENT: ProgressSink = { task: () => NO_TASK };

export const DELAY_MS = 2000;
/** The shortest time between two redraws of the terminal line. */
const REDRAW_MS = 200;
/** The longest a CI log goes without a line while work goes on. */
export const QUIET_MS = 10_000;

export interface ProgressOptions {
  /** Writes to stderr (its text already safe to print). */
  write(text: string): void;
  /** Milliseconds, from any origin. */
  now(): number;
  /** A terminal (one line redrawn) or a log (plain lines). */
  terminal: boolean;
}

interface Open {
  label: string;
  unit: Unit;
  total: number;
  done: number;
  started: number;
}

export class Progress implements ProgressSink {
  private readonly open: Open[] = [];
  /** Something is on the terminal line (to erase), or lines were printed for the outermost task. */
  private shown = false;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private lastTenth = -1;

  constructor(private readonly o: ProgressOptions) {}

  task(label: string, total: number, unit: Unit): ProgressTask {
    const t: Open = { label: printable(label), unit, total: Math.max(0, total), done: 0, started: this.o.now() };
    this.open.push(t);
    return {
      add: (n) => {
        t.done += n;
        this.tick();
      },
      grow: (n) => {
        t.total += n;
      },
      end: () => this.end(t),
    };
  }

  private tick(): void {
    const outer = this.open[0];
    if (!outer) return;
    const now = this.o.now();
    if (now - outer.started < DELAY_MS) return;
    if (this.o.terminal) {
      if (now - this.lastDraw < REDRAW_MS) return;
      this.o.write(`\r\x1b[K${this.line(now)}`);
    } else {
      const tenth = outer.total > 0 ? Math.floor((10 * outer.done) / outer.total) : -1;
      if (tenth <= this.lastTenth && now - this.lastDraw < QUIET_MS) return;
      this.lastTenth = Math.max(tenth, this.lastTenth);
      this.o.write(`${this.line(now)}\n`);
    }
    this.lastDraw = now;
    this.shown = true;
  }

  private end(t: Open): void {
    const at = this.open.indexOf(t);
    if (at < 0) return;
    if (at === 0 && this.shown) {
      const now = this.o.now();
      if (this.o.terminal) this.o.write('\r\x1b[K');
      else this.o.write(`${describeTask({ ...t, done: t.done }, now, true)}\n`);
    }
    this.open.splice(at);
    if (at === 0) {
      this.shown = false;
      this.lastDraw = Number.NEGATIVE_INFINITY;
      this.lastTenth = -1;
    }
  }

  private line(now: number): string {
    return this.open.map((t) => describeTask(t, now, false)).join(' · ');
  }
}

/**
 * A label on one line: control characters (a newline in a file name) would start another, and `##[` is
 * a runner's command anywhere on a line; lines begin with the label's own first word, never `::`.
 */
function printable(label: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is taken out
  const one = label.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').replace(/##\[/g, '#?[');
  return one.length > 80 ? `…${one.slice(-79)}` : one;
}
