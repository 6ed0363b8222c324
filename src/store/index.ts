/** The history store named by the `history` input / `--history` flag. */
import { InputError } from '../model.js';
import { DEFAULT_HISTORY_PATH, GitBranchStore } from './git-branch-store.js';
import { JsonFileStore } from './json-file-store.js';
import { PostgresStore } from './postgres-store.js';
import { isPostgresSpec } from './postgres-url.js';
import type { HistoryStore } from './store.js';

export * from './history.js';
export { sameRecordedRun } from './run-identity.js';
export { GitBranchStore, DEFAULT_HISTORY_PATH } from './git-branch-store.js';
export { JsonFileStore } from './json-file-store.js';
export { HistoryStoreError, type HistoryQuery, type HistoryStore } from './store.js';
export { PostgresStore } from './postgres-store.js';
export { historySecrets, isPostgresSpec, parsePostgresSpec } from './postgres-url.js';

/**
 * `path/to/history.json` → a JSON file; `git:<branch>[:<path>]` → a data branch of the repository in `cwd`
 * (default path `training-metrics-history.json`), pushed to `origin`; `postgres://…` or `postgresql://…` →
 * a PostgreSQL database (password from the URL or PGPASSWORD).
 */
export function openHistory(
  spec: string,
  options: { cwd?: string; remote?: string; env?: NodeJS.ProcessEnv } = {},
): HistoryStore {
  if (isPostgresSpec(spec)) return new PostgresStore(spec, options.env ?? process.env);
  if (spec.startsWith('git:')) {
    const rest = spec.slice(4);
    const i = rest.indexOf(':');
    const branch = i < 0 ? rest : rest.slice(0, i);
    const path = i < 0 ? DEFAULT_HISTORY_PATH : rest.slice(i + 1);
    if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.startsWith('-') || branch.includes('..')) {
      throw new InputError(
        'history',
        null,
        `"${spec}": the branch name "${branch}" is not valid (git:<branch>[:<path>])`,
      );
    }
    if (!path || path.startsWith('/') || path.split('/').includes('..')) {
      throw new InputError('history', null, `"${spec}": the path "${path}" must be relative, inside the branch`);
    }
    return new GitBranchStore({
      cwd: options.cwd ?? process.cwd(),
      branch,
      path,
      remote: options.remote,
      env: options.env,
    });
  }
  return new JsonFileStore(spec);
}
