/**
 * The three history stores as tests meet them: a JSON file, a git data branch (a real bare remote and a
 * clone), and a real PostgreSQL database (test/helpers/postgres.ts). A test written over `storeKinds()`
 * runs against each; PostgreSQL skips loudly where it is not installed (never under E2E_REQUIRED=1).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Postgres, postgresBin, startPostgres } from '../helpers/postgres.js';
import { SOURCE_CLI } from '../helpers/source-cli.js';

export interface StoreUnderTest {
  /** The `history` spec. */
  spec: string;
  /** Where the CLI runs (a git store's checkout). */
  cwd: string;
}

export interface StoreKind {
  name: 'json' | 'git' | 'postgres';
  /** True where the store's program is missing (a loud notice was printed). */
  skip: boolean;
  create(): Promise<StoreUnderTest>;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'pipe' });

/** A clone of a fresh local bare repository with one commit on main, for a git data branch to live beside. */
export async function gitClone(prefix = 'tmg-store-git-'): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const remote = join(root, 'remote.git');
  const clone = join(root, 'clone');
  git(root, 'init', '--quiet', '--bare', '-b', 'main', remote);
  git(root, 'clone', '--quiet', remote, clone);
  await writeFile(join(clone, 'README.md'), 'project\n');
  git(clone, 'add', '.');
  git(clone, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'init');
  git(clone, 'push', '--quiet', 'origin', 'HEAD:main');
  return clone;
}

async function gitCheckout(): Promise<StoreUnderTest> {
  return { spec: 'git:metrics-history', cwd: await gitClone() };
}

/** One server for the whole test file, started on first use. */
class PostgresServer {
  private started: Promise<Postgres> | null = null;
  readonly available = postgresBin() !== null;

  get(): Promise<Postgres> {
    this.started ??= startPostgres();
    return this.started;
  }

  async stop(): Promise<void> {
    if (this.started) await (await this.started).stop();
    this.started = null;
  }
}

export const postgresServer = new PostgresServer();

export function storeKinds(): StoreKind[] {
  return [
    {
      name: 'json',
      skip: false,
      create: async () => {
        const dir = await mkdtemp(join(tmpdir(), 'tmg-store-json-'));
        return { spec: join(dir, 'history.json'), cwd: dir };
      },
    },
    { name: 'git', skip: false, create: gitCheckout },
    {
      name: 'postgres',
      skip: !postgresServer.available,
      create: async () => {
        const url = await (await postgresServer.get()).newDatabase();
        return { spec: url, cwd: await mkdtemp(join(tmpdir(), 'tmg-store-pg-')) };
      },
    },
  ];
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI from src in a real child process, outside any workflow unless `env` says otherwise. */
export function cliFromSource(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [SOURCE_CLI, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        GITHUB_RUN_ID: '',
        GITHUB_ACTIONS: '',
        GITHUB_REF: '',
        GITHUB_EVENT_NAME: '',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}
