import type { ReplicaStatus } from '@wb/protocol';
import type pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from './pool';

/** The read replica's settings (config.ts): DATABASE_REPLICA_URL, REPLICA_MAX_LAG_SECONDS, REPLICA_CHECK_MS. */
export interface ReplicaConfig {
  url: string | null;
  /** a replica further behind than this serves nothing: the primary answers */
  maxLagSeconds: number;
  /** how long one look at the replica's state is trusted */
  checkMs: number;
}

/** What the system administrator sees of the replica (GET /api/sys-info/replica). */
export type { ReplicaStatus } from '@wb/protocol';

export interface ReadReplica {
  database: DatabaseHandle;
  /** the replica's state, looked at again when the last look is older than checkMs (or `fresh`) */
  status(fresh?: boolean): Promise<ReplicaStatus>;
  /** a reading found the replica gone: the primary answers until the next look says otherwise */
  markDown(reason: string): void;
  close(): Promise<void>;
}

// The replica's replay position and its last replayed commit, read on the replica itself.
const ON_REPLICA = `SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replayed,
  extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS since`;
// How far the replica's replay is behind what the primary wrote.
const ON_PRIMARY = `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::float8 AS behind`;

/**
 * Opens the replica's pool beside the primary's. Its connections give up after a second (a dead
 * replica must not hold a report), and every reading it serves runs in a READ ONLY transaction.
 */
export function openReplica(primary: DatabaseHandle, config: ReplicaConfig & { url: string }, poolSize = 10): ReadReplica {
  const database = openDatabase(config.url, poolSize, { connectionTimeoutMillis: 1_000 });
  let last: ReplicaStatus | null = null;
  let lastAt = 0;
  const look = async (): Promise<ReplicaStatus> => {
    const at = new Date().toISOString();
    const base = { configured: true, maxLagSeconds: config.maxLagSeconds, checkedAt: at };
    try {
      const { rows: [r] } = await database.pool.query<{ recovery: boolean; replayed: string | null; since: number | null }>(ON_REPLICA);
      if (!r?.recovery || !r.replayed) return { ...base, up: false, lagSeconds: null, lagBytes: null, readsFrom: 'primary', reason: '只读副本不是热备库（未处于恢复状态）' };
      const { rows: [p] } = await primary.pool.query<{ behind: number }>(ON_PRIMARY, [r.replayed]);
      const lagBytes = Math.max(0, p?.behind ?? 0);
      const lagSeconds = lagBytes === 0 ? 0 : Math.max(0, r.since ?? 0);
      const tooFar = lagSeconds > config.maxLagSeconds;
      return {
        ...base, up: true, lagSeconds, lagBytes, readsFrom: tooFar ? 'primary' : 'replica',
        reason: tooFar ? `只读副本落后 ${lagSeconds.toFixed(1)} 秒，超过上限 ${config.maxLagSeconds} 秒` : null,
      };
    } catch (err) {
      return { ...base, up: false, lagSeconds: null, lagBytes: null, readsFrom: 'primary', reason: `只读副本不可用：${(err as Error).message}` };
    }
  };
  let pending: Promise<ReplicaStatus> | null = null;
  return {
    database,
    async status(fresh = false) {
      if (!fresh && last && Date.now() - lastAt < config.checkMs) return last;
      // one look at a time, however many readings ask at once
      pending ??= look().then((s) => { last = s; lastAt = Date.now(); return s; }).finally(() => { pending = null; });
      return pending;
    },
    markDown(reason) {
      last = { ...(last ?? { configured: true, maxLagSeconds: config.maxLagSeconds, lagSeconds: null, lagBytes: null }), up: false, readsFrom: 'primary', reason: `只读副本不可用：${reason}`, checkedAt: new Date().toISOString() };
      lastAt = Date.now();
    },
    close: () => database.close(),
  };
}

/** The replica a primary's pool and kysely read through; none without DATABASE_REPLICA_URL. */
const replicas = new WeakMap<object, ReadReplica>();

export function attachReplica(primary: DatabaseHandle, replica: ReadReplica): void {
  replicas.set(primary.pool, replica);
  replicas.set(primary.db, replica);
}

export function replicaOf(primary: pg.Pool | Database): ReadReplica | null {
  return replicas.get(primary) ?? null;
}

/**
 * A connection refused, reset or ended, the server shutting down, or a reading cancelled by the
 * standby's replay: the replica could not serve, the query is not wrong; the primary answers it.
 */
export function isConnectionFailure(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03'].includes(code)) return true;
  if (code.startsWith('08')) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  // a standby cancels a reading whose rows its replay must remove (max_standby_streaming_delay)
  if (code === '40001' && /conflict with recovery/i.test(message)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|connection ended|Client has encountered a connection error/i.test(message);
}

/**
 * A connection for a reading that writes nothing (a report, an export, a statement), its first
 * statement already sent: on the replica when there is one, up and close enough, else on the
 * primary. A replica that fails the first statement is marked down and the primary serves.
 */
export async function connectForReading(primary: pg.Pool, first: string): Promise<pg.PoolClient> {
  const replica = replicaOf(primary);
  if (replica && (await replica.status()).readsFrom === 'replica') {
    let client: pg.PoolClient | undefined;
    try {
      client = await replica.database.pool.connect();
      await client.query(first);
      return client;
    } catch (err) {
      client?.release(true);
      if (!isConnectionFailure(err)) throw err;
      replica.markDown((err as Error).message);
    }
  }
  const client = await primary.connect();
  try {
    await client.query(first);
  } catch (err) {
    client.release();
    throw err;
  }
  return client;
}

/**
 * Runs a reading (a list, a statement) on the replica's kysely when it may serve, else on the
 * primary's; a reading the replica could not answer for want of a connection runs again on the
 * primary. Never for a reading inside a transaction that writes: that one keeps its own `tx`.
 */
export async function readOnReplica<T>(primary: Database, read: (db: Database) => Promise<T>): Promise<T> {
  const replica = replicaOf(primary);
  if (!replica || (await replica.status()).readsFrom !== 'replica') return read(primary);
  try {
    return await read(replica.database.db);
  } catch (err) {
    if (!isConnectionFailure(err)) throw err;
    replica.markDown((err as Error).message);
    return read(primary);
  }
}
