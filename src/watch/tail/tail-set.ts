/**
 * The files watched: each `--csv` path as given, or a glob in its last part (`out/metrics_rank_*.csv`,
 * `runs/version_0/events.out.tfevents.*`) matched again on every look, so ranks whose files appear later
 * are picked up. One CsvTail per CSV, one EventsTail per TensorBoard event file.
 *
 * A glob's folder is listed again only when it changed (its modification or change time, as a file
 * added, removed or renamed sets them), and at least once a second for filesystems whose times are too
 * coarse to tell: a look every 100 ms at 8 ranks' files would otherwise list the folder 10 times a second
 * to find the same names.
 */
import { statSync } from 'node:fs';
import { specialKind } from '../../ingest/file.js';
import { readdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import picomatch from 'picomatch';
import { InputError } from '../../model.js';
import { rankOf } from '../../ranks/index.js';
import { CsvTail } from './csv-tail.js';
import { EventsTail } from './events-tail.js';
import type { LiveRowListener } from './live-rows.js';
import type { ManifestFiles } from './manifest-files.js';

const GLOB_CHARS = /[*?[\]{}]/;
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
    for (const file of (await this.manifest?.current()) ?? []) {
      this.fromManifest.add(file);
      this.add(file);
    }
    for (const pattern of this.patterns) {
      if (!isGlob(pattern)) {
        this.add(pattern);
        continue;
      }
      const folder = dirname(pattern);
      const match = this.matchers.get(pattern)!;
      for (const name of (await this.names(folder)).filter((n) => match(n)).sort()) this.add(join(folder, name));
    }
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

  private add(path: string): void {
    if (this.tails.has(path) || this.special.has(path)) return;
    // A FIFO, socket or device is never opened: a read of one could block the loop for ever.
    const st = statSync(path, { throwIfNoEntry: false });
    const kind = st ? specialKind(st) : null;
    if (kind) {
      this.special.add(path);
      this.warn(`watch: ${path} is ${kind}, not a file; skipped`);
      return;
    }
    // A TensorBoard event file by its name (TensorBoard names every one so), else a CSV.
    const Tail = /^events\.out\.tfevents\./.test(basename(path)) ? EventsTail : CsvTail;
    this.tails.set(path, new Tail(path, this.listenerFor(path)));
  }
}
