/**
 * History on a data branch of the repository (the gh-pages pattern), written with optimistic
 * concurrency: fetch the branch, append to the file in a new commit whose parent is what was fetched, and
 * push without force. When another job pushed first the push is rejected; fetch again, append again,
 * retry. No record is ever lost and the working tree and index of the checkout are never touched
 * (the commit is built with plumbing and a private index file).
 *
 * Nothing of the checkout is shared between writers, so a writer killed at any point (its git children
 * with it) stops no later one: each fetch lands in a ref of its own process
 * (`refs/training-metrics-gate-fetch/<pid>-<random>`), removed once its commit is known, and updates no
 * remote-tracking branch (`--refmap=`). A shared ref would keep the `.lock` file a killed `git fetch`
 * leaves, and every later fetch into it would fail. The refs a killed writer left are removed by the next
 * one (their process is gone); the commits they named stay in the object store, as any fetched object.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { redactUrlCredentials } from '../http/redact.js';
import type { HistoryRecord } from '../model.js';
import { appendRecords, emptyHistory, serializeHistory, type HistoryFile } from './history.js';
import { FILE_HISTORY_MAX, HistoryStoreError, type HistoryStore } from './store.js';

export interface GitBranchOptions {
  /** The repository checkout to work from. */
  cwd: string;
  branch: string;
  /** Path of the history file on the branch. */
  path: string;
  remote?: string;
  /** Push attempts before giving up. */
  attempts?: number;
  env?: NodeJS.ProcessEnv;
}

export const DEFAULT_HISTORY_PATH = 'training-metrics-history.json';

export class GitBranchStore implements HistoryStore {
  readonly location: string;
  readonly defaultMax = FILE_HISTORY_MAX;
  private readonly remote: string;
  /** Where this process's fetches land, one at a time (see the file's comment). */
  private readonly fetchRef = `${FETCH_REFS}/${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private swept = false;

  constructor(private readonly o: GitBranchOptions) {
    this.location = `git:${o.branch}:${o.path}`;
    this.remote = o.remote ?? 'origin';
  }

  async read(): Promise<HistoryFile> {
    const head = await this.fetch();
    return head ? ((await this.load(head)) ?? emptyHistory()) : emptyHistory();
  }

  /** Null when the branch does not exist yet, or holds no history file. */
  async readIfExists(): Promise<HistoryFile | null> {
    const head = await this.fetch();
    return head ? this.load(head) : null;
  }

  append(records: readonly HistoryRecord[], max: number): Promise<HistoryFile> {
    const names = [...new Set(records.map((r) => `${r.experiment}/${r.run}`))].join(', ');
    const message = `Record ${records.length} run${records.length === 1 ? '' : 's'}: ${names}`;
    return this.write((history) => appendRecords(history, records, max), message);
  }

  /** Nothing is held open between operations. */
  async close(): Promise<void> {}

  update(change: (history: HistoryFile) => HistoryFile): Promise<HistoryFile> {
    return this.write(change, 'Update the history');
  }

  /**
   * Fetch, apply `change` to what was fetched, commit on top of it and push without force; a rejected push
   * starts again from a fresh fetch, so `change` always sees the latest history (it may run more than once).
   */
  private async write(change: (history: HistoryFile) => HistoryFile, message: string): Promise<HistoryFile> {
    const attempts = this.o.attempts ?? 20;
    let last = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const parent = await this.fetch();
      const next = change((parent ? await this.load(parent) : null) ?? emptyHistory());
      const commit = await this.commit(serializeHistory(next), parent, message);
      try {
        await this.git(['push', '--quiet', '--no-verify', this.remote, `${commit}:refs/heads/${this.o.branch}`]);
        return next;
      } catch (e) {
        // Rejected (someone pushed first) or the remote ref was locked by a concurrent push: try again.
        last = (e as Error).message;
        await sleep(Math.random() * 100 * Math.min(attempt, 10));
      }
    }
    throw new HistoryStoreError(
      redactUrlCredentials(
        `could not push the history to ${this.remote} ${this.o.branch} after ${attempts} attempts: ${last}`,
      ),
    );
  }

  /** Fetch the branch into this process's own ref; its commit, or null when the branch does not exist yet. */
  private async fetch(): Promise<string | null> {
    const remoteRef = `refs/heads/${this.o.branch}`;
    const listed = await this.git(['ls-remote', this.remote, remoteRef]);
    if (!listed.trim()) return null;
    await this.sweep();
    await this.git(['fetch', '--quiet', '--no-tags', '--refmap=', this.remote, `+${remoteRef}:${this.fetchRef}`]);
    try {
      return (await this.git(['rev-parse', '--verify', `${this.fetchRef}^{commit}`])).trim();
    } finally {
      await this.git(['update-ref', '-d', this.fetchRef]).catch(() => undefined);
    }
  }

  /** Once per store: remove the fetch refs of writers that are gone (killed between a fetch and its clean-up). */
  private async sweep(): Promise<void> {
    if (this.swept) return;
    this.swept = true;
    const refs = await this.git(['for-each-ref', '--format=%(refname)', `${FETCH_REFS}/`]).catch(() => '');
    for (const ref of refs.split('\n').filter(Boolean)) {
      const pid = Number(/\/(\d+)-[0-9a-z]+$/.exec(ref)?.[1]);
      if (!pid || pid === process.pid || alive(pid)) continue;
      // Its .lock too, which the killed fetch may have left: no one else ever uses this ref.
      const lock = (await this.git(['rev-parse', '--git-path', `${ref}.lock`]).catch(() => '')).trim();
      if (lock) await rm(resolve(this.o.cwd, lock), { force: true });
      await this.git(['update-ref', '-d', ref]).catch(() => undefined);
    }
  }

  private async load(commit: string): Promise<HistoryFile | null> {
    let text: string;
    try {
      text = await this.git(['cat-file', 'blob', `${commit}:${this.o.path}`]);
    } catch {
      return null; // the branch exists but holds no history yet
    }
    // Loaded when a file is read: its parser's dependencies (jsonc-parser, yaml) are not needed otherwise.
    const { parseHistory } = await import('./parse-history.js');
    return parseHistory(text, this.location);
  }

  private async commit(text: string, parent: string | null, message: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-index-'));
    try {
      const env = { GIT_INDEX_FILE: join(dir, 'index') };
      const blob = (await this.git(['hash-object', '-w', '--stdin'], { input: text })).trim();
      await this.git(parent ? ['read-tree', parent] : ['read-tree', '--empty'], { env });
      await this.git(['update-index', '--add', '--cacheinfo', `100644,${blob},${this.o.path}`], { env });
      const tree = (await this.git(['write-tree'], { env })).trim();
      const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message];
      return (await this.git(args, { env: identity(this.o.env ?? process.env) })).trim();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private git(args: string[], extra: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        { cwd: this.o.cwd, env: { ...(this.o.env ?? process.env), ...extra.env }, maxBuffer: 256 * 1024 * 1024 },
        (error, stdout, stderr) => {
          // A remote URL with credentials in it (https://user:token@host) is echoed by git's errors.
          if (error)
            reject(
              new HistoryStoreError(
                redactUrlCredentials(`git ${args[0]} failed: ${String(stderr).trim() || error.message}`),
              ),
            );
          else resolve(String(stdout));
        },
      );
      if (extra.input !== undefined) child.stdin!.end(extra.input);
    });
  }
}

/** Commit identity: the environment's when set, else a neutral one (a CI checkout often has none). */
function identity(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const name = 'training-metrics-gate';
  const email = 'training-metrics-gate@users.noreply.github.com';
  return {
    GIT_AUTHOR_NAME: env.GIT_AUTHOR_NAME ?? name,
    GIT_AUTHOR_EMAIL: env.GIT_AUTHOR_EMAIL ?? email,
    GIT_COMMITTER_NAME: env.GIT_COMMITTER_NAME ?? name,
    GIT_COMMITTER_EMAIL: env.GIT_COMMITTER_EMAIL ?? email,
  };
}

/** The namespace of the fetch refs, one per writing process. */
const FETCH_REFS = 'refs/training-metrics-gate-fetch';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
