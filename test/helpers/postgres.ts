/**
 * Debian's PostgreSQL for tests, in a temporary directory on a free loopback port: initdb as the
 * `postgres` user when the tests run as root (the server refuses root), a database and a user with a
 * password (so the store's password handling is exercised), `pg_ctl -m fast stop` at the end.
 * Absent, the tests skip loudly; under E2E_REQUIRED=1 they fail instead.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { requireProgram } from './programs.js';
import { freePort } from './prometheus-servers.js';

export interface Postgres {
  /** postgres://user:password@127.0.0.1:port/db (the password URL-encoded). */
  url: string;
  /** The same without the password, for a test of PGPASSWORD. */
  urlWithoutPassword: string;
  password: string;
  /** A fresh empty database owned by the same user; its URL. */
  newDatabase(): Promise<string>;
  stop(): Promise<void>;
}

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

/** The folder of initdb and pg_ctl, or null after a loud notice (throws under E2E_REQUIRED=1). */
export function postgresBin(): string | null {
  const initdb = requireProgram('PostgreSQL (initdb)', ...BIN_DIRS.map((d) => `${d}/initdb`), 'initdb');
  return initdb ? initdb.replace(/\/initdb$/, '') : null;
}

/** Run as the postgres user when we are root: initdb and the server refuse to run as root. */
function asOwner(program: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  execFileSync(cmd, argv, { stdio: 'pipe' });
}

let counter = 0;

export async function startPostgres(options: { fsync?: boolean } = {}): Promise<Postgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (check postgresBin() first)');
  const dir = mkdtempSync(join(tmpdir(), 'tmg-pg-'));
  const data = join(dir, 'data');
  const root = process.getuid?.() === 0;
  const pwfile = join(dir, 'pw');
  const superPassword = `super-${Math.random().toString(36).slice(2)}`;
  writeFileSync(pwfile, `${superPassword}\n`);
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chownSync(pwfile, uid, gid);
  }
  const port = await freePort();
  asOwner(`${bin}/initdb`, [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    `--pwfile=${pwfile}`,
    '-E',
    'UTF8',
    '--no-instructions',
  ]);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.fsync ? 'on' : 'off'} -c max_connections=60`;
  asOwner(`${bin}/pg_ctl`, ['-D', data, '-w', '-t', '60', '-l', join(dir, 'log'), '-o', settings, 'start']);

  // Characters a URL must encode: the store has to mask the password both as written and decoded.
  const password = `p@ss:w/rd%${Math.random().toString(36).slice(2, 10)}`;
  const user = 'tmg_user';
  const admin = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  };
  await admin(async (c) => {
    await c.query(`CREATE USER ${user} PASSWORD '${password.replace(/'/g, "''")}'`);
    await c.query(`CREATE DATABASE tmg OWNER ${user}`);
  });
  const urlFor = (db: string, withPassword = true) =>
    `postgres://${user}${withPassword ? `:${encodeURIComponent(password)}` : ''}@127.0.0.1:${port}/${db}`;
  return {
    url: urlFor('tmg'),
    urlWithoutPassword: urlFor('tmg', false),
    password,
    newDatabase: async () => {
      const name = `tmg_${process.pid}_${++counter}`;
      await admin((c) => c.query(`CREATE DATABASE ${name} OWNER ${user}`));
      return urlFor(name);
    },
    stop: async () => {
      try {
        if (existsSync(data)) asOwner(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
