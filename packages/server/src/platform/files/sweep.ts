import { sql } from 'kysely';
import type { FileSweepConfig } from '../../config';
import type { Database } from '../db/pool';
import { referencedSql } from './references';
import { removeBytes, withFileRemoval } from './removal';
import type { FileStorage } from './storage';

export interface SweepOptions {
  /** an upload younger than this is left alone: its form may still be open */
  graceMs: number;
  now: () => number;
  /** most rows one round deletes; the next round takes the rest */
  batch?: number;
  onError?: (err: unknown, key: string) => void;
}

export interface SweepResult {
  /** rows of uploads no document points at, deleted with their bytes */
  rows: number;
  /** bytes on disk with no row, removed */
  orphans: number;
  /** another instance was sweeping: this one did nothing */
  skipped: boolean;
}

/** One sweep at a time across every instance sharing the database (and so the files). */
const SWEEP_LOCK = sql`pg_try_advisory_lock(hashtext('platform/files sweep'))`;
const SWEEP_UNLOCK = sql`pg_advisory_unlock(hashtext('platform/files sweep'))`;

/**
 * Tidies the files: uploads older than the grace period that no document points at (references.ts)
 * lose their row and then their bytes; files on disk with no row, older than the grace period, are
 * removed. An attach racing the sweep either holds the row first (FOR KEY SHARE, a foreign key),
 * and the sweep passes it by, or finds it gone and is refused: never a reference to nothing.
 */
export async function sweepFiles(db: Database, storage: FileStorage, opts: SweepOptions): Promise<SweepResult> {
  return db.connection().execute(async (conn) => {
    const { rows: [lock] } = await sql<{ locked: boolean }>`SELECT ${SWEEP_LOCK} AS locked`.execute(conn);
    if (!lock?.locked) return { rows: 0, orphans: 0, skipped: true };
    try {
      const cutoff = new Date(opts.now() - opts.graceMs);
      const rows = await sweepUnattached(conn, storage, cutoff, opts);
      const orphans = await sweepOrphanBytes(conn, storage, cutoff, opts);
      return { rows, orphans, skipped: false };
    } finally {
      await sql`SELECT ${SWEEP_UNLOCK}`.execute(conn);
    }
  });
}

async function sweepUnattached(db: Database, storage: FileStorage, cutoff: Date, opts: SweepOptions): Promise<number> {
  const batch = opts.batch ?? 500;
  let total = 0;
  for (;;) {
    const round = await withFileRemoval(db, storage, async (tx, drop) => {
      // first the candidates, locked: a file an attach holds (FOR KEY SHARE) is skipped
      const { rows: candidates } = await sql<{ id: string }>`
        SELECT f.id::text FROM sys_file f WHERE f.created_at < ${cutoff} AND NOT (${sql.raw(referencedSql('f'))})
        ORDER BY f.created_at LIMIT ${batch} FOR UPDATE OF f SKIP LOCKED`.execute(tx);
      if (candidates.length === 0) return { candidates: 0, deleted: 0 };
      // then asked again in a statement of its own: an attach that committed while the lock was
      // being taken is seen now (read committed), and its file stays
      const { rows: gone } = await sql<{ storage_key: string }>`
        DELETE FROM sys_file f WHERE f.id = ANY(${candidates.map((c) => c.id)}::bigint[]) AND NOT (${sql.raw(referencedSql('f'))})
        RETURNING f.storage_key`.execute(tx);
      drop(gone.map((g) => g.storage_key));
      return { candidates: candidates.length, deleted: gone.length };
    }, opts.onError);
    total += round.deleted;
    // a full batch means more may wait; one whose files all turned out attached ends the sweep
    if (round.candidates < batch || round.deleted === 0) return total;
  }
}

/** Bytes with no row: a crash between a delete's commit and its removal, or an upload whose row never came. */
async function sweepOrphanBytes(db: Database, storage: FileStorage, cutoff: Date, opts: SweepOptions): Promise<number> {
  if (!storage.list) return 0;
  let removed = 0;
  let old: string[] = [];
  const flush = async () => {
    const { rows } = await sql<{ storage_key: string }>`SELECT storage_key FROM sys_file WHERE storage_key = ANY(${old}::text[])`.execute(db);
    const kept = new Set(rows.map((r) => r.storage_key));
    const orphans = old.filter((k) => !kept.has(k));
    await removeBytes(storage, orphans, opts.onError);
    removed += orphans.length;
    old = [];
  };
  for await (const o of storage.list()) {
    if (o.modifiedAt >= cutoff) continue;
    old.push(o.key);
    if (old.length >= 500) await flush();
  }
  if (old.length > 0) await flush();
  return removed;
}

export interface FileSweeper {
  runOnce(): Promise<SweepResult>;
  stop(): Promise<void>;
}

/**
 * The sweep every intervalMs in the background of one process (0: never); the timer does not keep
 * the process up. The server sweeps from the scheduled job files.sweep (job.ts) instead.
 */
export function startFileSweep(db: Database, storage: FileStorage, opts: SweepOptions & { intervalMs: number }): FileSweeper {
  let running: Promise<unknown> | null = null;
  const runOnce = () => sweepFiles(db, storage, opts);
  const timer = opts.intervalMs > 0
    ? setInterval(() => {
      if (running) return;
      running = runOnce().catch((err) => opts.onError?.(err, '')).finally(() => { running = null; });
    }, opts.intervalMs).unref()
    : null;
  return {
    runOnce,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
