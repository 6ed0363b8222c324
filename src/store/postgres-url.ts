/**
 * The `history: postgres://user[:password]@host[:port]/db[?sslmode=…]` spec (also `postgresql://`): where
 * to connect, what may be printed (the location, never the password), and the secrets to mask. The
 * password comes from the URL or from PGPASSWORD, as libpq does.
 */
import { InputError } from '../model.js';

export interface PostgresTarget {
  /** Passed to pg as it was given: pg reads sslmode and the other parameters libpq knows. */
  connectionString: string;
  /** For messages: the URL without its password or parameters. */
  location: string;
  host: string;
  port: number;
  database: string;
  user: string;
}

export function isPostgresSpec(spec: string | null | undefined): boolean {
  return typeof spec === 'string' && /^postgres(ql)?:\/\//i.test(spec);
}

/**
 * The secrets a history spec and environment hold: the password as written in the URL and decoded (an
 * error or a log may show either), and PGPASSWORD. Registered before anything is printed.
 */
export function historySecrets(spec: string | null | undefined, env: NodeJS.ProcessEnv = {}): string[] {
  const out: string[] = [];
  if (env.PGPASSWORD) out.push(env.PGPASSWORD);
  if (!spec || !isPostgresSpec(spec)) return out;
  // Taken by hand, not by URL: a spec too broken to parse must still have its password masked.
  const authority = spec.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0] ?? '';
  const at = authority.lastIndexOf('@');
  const colon = at < 0 ? -1 : authority.slice(0, at).indexOf(':');
  if (colon >= 0) {
    const raw = authority.slice(colon + 1, at);
    out.push(raw);
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      // not valid percent-encoding: the raw form is all there is
    }
  }
  const query = /[?&]password=([^&#]*)/i.exec(spec)?.[1];
  if (query) out.push(query, safeDecode(query));
  return [...new Set(out.filter((s) => s.length > 0))];
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The spec as a connection target; InputError (naming no password) when it is not a usable URL. */
export function parsePostgresSpec(spec: string): PostgresTarget {
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new InputError(
      'history',
      null,
      'the PostgreSQL history is not a valid URL (postgres://user[:password]@host[:port]/db)',
    );
  }
  const database = safeDecode(url.pathname.replace(/^\//, ''));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const user = safeDecode(url.username);
  const port = url.port ? Number(url.port) : 5432;
  const location = `postgres://${user ? `${url.username}@` : ''}${url.host}/${url.pathname.replace(/^\//, '')}`;
  if (!host) throw new InputError('history', null, `${location}: the PostgreSQL history names no host`);
  if (!database || database.includes('/'))
    throw new InputError('history', null, `${location}: the PostgreSQL history names no database (…/db at the end)`);
  return { connectionString: spec, location, host, port, database, user };
}
