/**
 * The files watched: each `--csv` path as given, or a glob in its last part (`out/metrics_rank_*.csv`,
 * `runs/version_0/events.out.tfevents.*`) matched again on every look, so ranks whose files appear later
 * are picked up. One CsvTail per CSV, one EventsTail per TensorBoard event file.
 *
 * A glob's folder is listed again only when it changed (its modification or change time, as a file
 * added, removed or renamed sets them), and at least once a second for filesystems whose times are too
 * coarse to tell: a look every 100 ms at 8 ranks' files would otherwise list the folder 10 times a second
 * to find the same names.
 *
 * At most MAX_FOLLOWED files are followed, the first in rank order (`metrics_rank_2` before
 * `metrics_rank_10`), and a warning says how many more matched: a glob of 10,000 files would otherwise
 * keep 10,000 descriptors open and read each one every look, and the job after the run reads the files
 * followed, no more.
 */
import { statSync } from 'node:fs';
import { specialKind } from '../../ingest/file.js';
import { readdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import picomatch from 'picomatch';
import { InputError } from '../../model.js';
import { MAX_RANKS } from '../../ingest/index.js';
import { rankOf } from '../../ranks/index.js';
import { CsvTail } from './csv-tail.js';
import { EventsTail } from './events-tail.js';
import type { LiveRowListener } from './live-rows.js';
import type { ManifestFiles } from './manifest-files.js';

const GLOB_CHARS = /[*?[\]{}]/;
/** Files followed at most: as many as a job has ranks at most (src/ingest/split-ranks.ts). */
export const MAX_FOLLOWED = MAX_RANKS;
/** Names in rank order: the digits in them compared as numbers. */
const byRank = new Intl.Collator('en', { numeric: true }).compare;
/** A folder whose times have not changed is listed again after this long all the same. */
const RELIST_MS = 1000;

export function isGlob(pattern: string): boolean {
  return GLOB_CHARS.test(pattern);
}

/**
 * A rank's label: its rank as the job after watch reads it (`metrics_rank_3.csv`, `rank_3/…` → 3), else
 * its file's name.
 */
export function rankLabel(path: string): string {
  return rankOf(path)?.rank ?? basename(path, extname(path));
}

export class TailSet {
  private readonly tails = new Map<string, CsvTail | EventsTail>();
  /** Files that could not be read as metrics CSVs: said once, then left alone. */
  private readonly failed = new Set<string>();
  /** Paths found to be FIFOs, sockets or devices: warned about once, never opened. */
  private readonly special = new Set<string>();
  private readonly fromManifest = new Set<string>();
  /** Each glob's matcher of names. */
  private readonly matchers = new Map<string, (name: string) => boolean>();
  /** Each glob folder's names as last listed, with its times then and when (performance.now()). */
  private readonly listings = new Map<string, { names: string[]; version: string; listedAt: number }>();
  /** Each glob's matches in rank order, for the listing they were found in (sorted once per listing). */
  private readonly matches = new Map<string, { names: string[]; matched: string[] }>();
  /** Whether the warning that more files matched than are followed was given. */
  private warnedBeyond = false;

  constructor(
    private readonly patterns: string[],
    /** The listener of a newly found file. */
    private readonly listenerFor: (path: string) => LiveRowListener,
    private readonly warn: (message: string) => void,
    /** With `--metadata`: the files the manifest names, as it names more. */
    private readonly manifest: ManifestFiles | null = null,
  ) {
    for (const p of patterns) {
      if (isGlob(dirname(p)))
        throw new InputError('csv', null, `${p}: a glob may only be in the file name, not in the folders`);
      if (isGlob(p)) this.matchers.set(p, picomatch(basename(p), { dot: false }));
    }
  }

  /** The folders the files are in, to watch for changes. */
  folders(): string[] {
    const manifest = this.manifest ? [dirname(this.manifest.path)] : [];
    return [...new Set([...this.patterns.map((p) => dirname(p)), ...manifest])];
  }

  /** The files the `--csv` paths and globs found so far, in the order found (a manifest's are its own). */
  files(): string[] {
    return [...this.tails.keys()].filter((f) => !this.fromManifest.has(f));
  }

  /** Find new files, then read what each has had appended; true when anything new was read. */
  async poll(): Promise<boolean> {
    await this.discover();
    let any = false;
    for (const [path, tail] of this.tails) {
      if (this.failed.has(path)) continue;
      try {
        if (await tail.poll()) any = true;
      } catch (e) {
        // The run goes on; the job after it reports the file's problem as an error.
        this.failed.add(path);
        this.warn(`${(e as Error).message} (no longer watched)`);
      }
    }
    return any;
  }

  /** Let go of the files' descriptors, after the last look. */
  close(): void {
    for (const tail of this.tails.values()) tail.close();
  }

  private async discover(): Promise<void> {
    let beyond = 0;
    for (const file of (await this.manifest?.current()) ?? []) {
      if (this.add(file)) this.fromManifest.add(file);
      else beyond++;
    }
    for (const pattern of this.patterns) {
      if (!isGlob(pattern)) {
        if (!this.add(pattern)) beyond++;
        continue;
      }
      const folder = dirname(pattern);
      for (const name of await this.matched(pattern, folder)) if (!this.add(join(folder, name))) beyond++;
    }
    if (beyond && !this.warnedBeyond) {
      this.warnedBeyond = true;
      this.warn(
        `watch: ${this.tails.size + beyond} files match; following the first ${MAX_FOLLOWED} in rank order (a job's most ranks): the other ${beyond} are neither watched nor read after the run`,
      );
    }
  }

  /** A glob's names in `folder`, in rank order: matched and sorted again only when the listing changed. */
  private async matched(pattern: string, folder: string): Promise<string[]> {
    const names = await this.names(folder);
    const last = this.matches.get(pattern);
    if (last?.names === names) return last.matched;
    const match = this.matchers.get(pattern)!;
    const matched = names.filter((n) => match(n)).sort(byRank);
    this.matches.set(pattern, { names, matched });
    return matched;
  }

  /** The names in `folder`: listed again when its times changed or the last listing is a second old. */
  private async names(folder: string): Promise<string[]> {
    const st = statSync(folder, { throwIfNoEntry: false });
    if (!st) {
      this.listings.delete(folder);
      return [];
    }
    // Taken before the listing: a name added while it is read changes the times again, and is listed next.
    const version = `${st.dev}:${st.ino}:${st.mtimeMs}:${st.ctimeMs}`;
    const now = performance.now();
    const last = this.listings.get(folder);
    if (last && last.version === version && now - last.listedAt < RELIST_MS) return last.names;
    const names = await readdir(folder).catch(() => [] as string[]);
    this.listings.set(folder, { names, version, listedAt: now });
    return names;
  }

  /** Follow `path` from now on; false when it is one more than MAX_FOLLOWED (it is then left alone). */
  private add(path: string): boolean {
    if (this.tails.has(path) || this.special.has(path)) return true;
    if (this.tails.size >= MAX_FOLLOWED) return false;
    // A FIFO, socket or device is never opened: a read of one could block the loop for ever.
    const st = statSync(path, { throwIfNoEntry: false });
    const kind = st ? specialKind(st) : null;
    if (kind) {
      this.special.add(path);
      this.warn(`watch: ${path} is ${kind}, not a file; skipped`);
      return true;
    }
    // A TensorBoard event file by its name (TensorBoard names every one so), else a CSV.
    const Tail = /^events\.out\.tfevents\./.test(basename(path)) ? EventsTail : CsvTail;
    this.tails.set(path, new Tail(path, this.listenerFor(path)));
    return true;
  }
}
