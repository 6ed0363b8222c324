/**
 * The history stores the history tests run against, each a real one: a JSON file in a temporary folder, and
 * a data branch of a real git repository whose remote is a local bare repository, and a database of a real
 * PostgreSQL (one server per test file: call `postgresServer.stop()` in afterAll). A store added to the
 * project joins every parametrised test by one line in STORES.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryRecord } from '../../src/model.js';
import { openHistory, type HistoryStore } from '../../src/store/index.js';
import { gitClone, postgresServer } from '../store/store-kinds.js';

export { postgresServer };

export interface StoreUnderTest {
  /** What `--history` says. */
  spec: string;
  /** Where the command runs (the git store works from a checkout). */
  cwd: string;
  store(): HistoryStore;
  seed(records: HistoryRecord[]): Promise<void>;
  /** Undo what the store started (servers); nothing for files. */
  stop(): Promise<void>;
  /** Another, empty store of the same kind reachable from the same folder (a second file, branch, database). */
  sibling(): StoreUnderTest;
}

export interface StoreFactory {
  name: string;
  create(): Promise<StoreUnderTest>;
}

function underTest(spec: string, cwd: string, sibling: () => string, stop = async () => {}): StoreUnderTest {
  const store = () => openHistory(spec, { cwd });
  return {
    spec,
    cwd,
    store,
    seed: async (records) => {
      if (records.length) await store().append(records, 1000);
    },
    stop,
    sibling: () => underTest(sibling(), cwd, sibling),
  };
}

export const jsonFileStore: StoreFactory = {
  name: 'JSON file',
  async create() {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-history-json-'));
    let n = 0;
    return underTest(join(dir, 'history.json'), dir, () => join(dir, `history-${++n}.json`));
  },
};

export const gitBranchStore: StoreFactory = {
  name: 'git data branch',
  async create() {
    const checkout = await gitClone('tmg-history-git-');
    let n = 0;
    return underTest('git:metrics-history:runs/history.json', checkout, () => `git:metrics-history-${++n}`);
  },
};

/** Siblings are databases made up front: a sibling is asked for synchronously. */
const POSTGRES_SIBLINGS = 3;

export const postgresStore: StoreFactory = {
  name: 'PostgreSQL',
  async create() {
    const server = await postgresServer.get();
    const cwd = await mkdtemp(join(tmpdir(), 'tmg-history-pg-'));
    const spec = await server.newDatabase();
    const siblings: string[] = [];
    for (let i = 0; i < POSTGRES_SIBLINGS; i++) siblings.push(await server.newDatabase());
    const next = () => {
      const db = siblings.shift();
      if (!db) throw new Error(`a test asked for more than ${POSTGRES_SIBLINGS} sibling databases`);
      return db;
    };
    return underTest(spec, cwd, next);
  },
};

/** Every store the history commands must work with (PostgreSQL skips loudly where it is not installed). */
export const STORES: readonly StoreFactory[] = [
  jsonFileStore,
  gitBranchStore,
  ...(postgresServer.available ? [postgresStore] : []),
];
