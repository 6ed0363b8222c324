/**
 * The one connection a PostgreSQL store uses for all its operations in a process. Connecting costs a TCP
 * handshake, a SCRAM authentication (a PBKDF2 on both sides) and a server process, so a `record` that
 * reads the history and then appends to it pays for it once instead of per operation. A pool of one,
 * not a bare client: the pool serialises the store's operations on that connection, replaces it when it
 * breaks, and (allowExitOnIdle) never keeps the process alive while idle, so a caller that forgets close()
 * still exits.
 *
 * No wait is without end: a lock another session holds is waited for at most `lock_timeout` (default
 * 30 s), any statement runs at most `statement_timeout` (default 120 s), and TCP keepalive finds a peer
 * that went away. Both timeouts can be set in the URL (`?lock_timeout=5000&statement_timeout=60000`, in
 * ms), which wins over the defaults.
 */
import type { Pool, PoolClient } from 'pg';

export class PostgresConnection {
  private pool: Pool | null = null;

  constructor(private readonly connectionString: string) {}

  /** Run `work` on the connection; a failure discards the connection, so the next operation starts clean. */
  async withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const pool = await this.open();
    const client = await pool.connect();
    // A connection dropped while in use is reported by its query; without a listener it would crash.
    client.on('error', ignore);
    let failed = false;
    try {
      return await work(client);
    } catch (e) {
      failed = true;
      throw e;
    } finally {
      client.removeListener('error', ignore);
      client.release(failed);
    }
  }

  /**
   * Connect now, in the background, so the handshake overlaps the caller's own work; a failure is left for
   * the first operation to report.
   */
  warm(): void {
    this.open()
      .then((pool) => pool.connect())
      .then((client) => client.release())
      .catch(() => undefined);
  }

  /** Close the connection (a clean goodbye to the server); a later operation opens a new one. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.end().catch(() => undefined);
  }

  private async open(): Promise<Pool> {
    // Loaded on first use: runs with a file history never load the PostgreSQL client.
    const { default: pg } = await import('pg');
    if (this.pool) return this.pool;
    const pool = new pg.Pool({
      lock_timeout: LOCK_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      keepAlive: true,
      connectionString: this.connectionString,
      connectionTimeoutMillis: 10_000,
      application_name: 'training-metrics-gate',
      max: 1,
      allowExitOnIdle: true,
    });
    // An idle connection the server drops is reported here; the pool replaces it on the next operation.
    pool.on('error', ignore);
    this.pool = pool;
    return pool;
  }
}

function ignore(): void {}

export const LOCK_TIMEOUT_MS = 30_000;
export const STATEMENT_TIMEOUT_MS = 120_000;
