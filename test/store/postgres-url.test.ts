/** The PostgreSQL history spec: what may be printed, and which secrets are masked before anything is. */
import { describe, expect, it } from 'vitest';
import { SecretRegistry } from '../../src/http/redact.js';
import { InputError } from '../../src/model.js';
import { historySecrets, isPostgresSpec, openHistory, parsePostgresSpec } from '../../src/store/index.js';

describe('postgres:// history spec', () => {
  it('opens a PostgreSQL store for postgres:// and postgresql://, a file or git store otherwise', () => {
    expect(openHistory('postgres://u:pw@db.internal:6543/metrics?sslmode=require').location).toBe(
      'postgres://u@db.internal:6543/metrics',
    );
    expect(openHistory('postgresql://u@db.internal/metrics').location).toBe('postgres://u@db.internal/metrics');
    expect(isPostgresSpec('history/postgres.json')).toBe(false);
    expect(openHistory('postgres.json').location).toBe('postgres.json');
  });

  it('masks the password as written and decoded, the query-string password, and PGPASSWORD', () => {
    const spec = `postgres://u:${encodeURIComponent('p@ss:w/rd')}@h:5432/db?password=also-this`;
    const registry = new SecretRegistry();
    for (const s of historySecrets(spec, { PGPASSWORD: 'from-env-pw' })) registry.add(s);
    const text = `p@ss:w/rd ${encodeURIComponent('p@ss:w/rd')} also-this from-env-pw`;
    expect(registry.redact(text)).toBe('*** *** *** ***');
    // A URL too broken to parse still has its password masked.
    expect(historySecrets('postgres://u:broken-pw@/', {})).toContain('broken-pw');
    expect(historySecrets('history.json', {})).toEqual([]);
  });

  it('refuses a URL without a host or a database, naming no password', () => {
    for (const spec of ['postgres://u:hidden-pw@/db', 'postgres://u:hidden-pw@host', 'postgres://u:hidden-pw@host/']) {
      const e = (() => {
        try {
          parsePostgresSpec(spec);
        } catch (x) {
          return x;
        }
      })();
      expect(e).toBeInstanceOf(InputError);
      expect((e as Error).message).not.toContain('hidden-pw');
    }
    expect(parsePostgresSpec('postgres://u@[::1]:5433/db')).toMatchObject({ host: '::1', port: 5433, database: 'db' });
  });
});
