/**
 * The metrics files an experiment manifest names, for watch: read again while it changes or still names
 * files that are not there yet (a batch whose runs start one after another), at most once a second.
 * Its problems are not said here: the job after the run reads the manifest as a whole and reports them.
 */
import { stat } from 'node:fs/promises';
import { readManifest } from '../../ingest/manifest.js';

const MIN_INTERVAL_MS = 1000;

export class ManifestFiles {
  private files: string[] = [];
  /** Size and time of the manifest when it was last read completely (every run found). */
  private readVersion = '';
  private lastRead = 0;

  constructor(
    readonly path: string,
    private readonly roots: string[],
  ) {}

  async current(): Promise<string[]> {
    const st = await stat(this.path).catch(() => null);
    if (!st) return this.files;
    const version = `${st.size}:${st.mtimeMs}`;
    if (version === this.readVersion || Date.now() - this.lastRead < MIN_INTERVAL_MS) return this.files;
    this.lastRead = Date.now();
    try {
      const manifest = await readManifest(this.path, { roots: this.roots });
      this.files = manifest.runs.map((r) => r.file);
      if (!manifest.errors.length) this.readVersion = version;
    } catch {
      // Unreadable for now (being written): looked at again later.
    }
    return this.files;
  }
}
