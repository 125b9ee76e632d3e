import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Database } from '../db/pool';
import type { FileStorage } from './storage';

type Tx = Transaction<DB>;

/**
 * Deletes file rows inside a transaction and answers their storage keys: the bytes go only once
 * the transaction has committed (withFileRemoval), so a rolled-back delete keeps its file whole.
 */
export async function deleteFileRows(tx: Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ storage_key: string }>`DELETE FROM sys_file WHERE id = ANY(${[...ids]}::bigint[]) RETURNING storage_key`.execute(tx);
  return rows.map((r) => r.storage_key);
}

/**
 * Runs `work` in one transaction; the storage keys it hands to `drop` lose their bytes after the
 * commit. A rollback removes nothing. Bytes a crash leaves behind between the commit and the
 * removal have no row, and the sweep's disk pass takes them after the grace period.
 */
export async function withFileRemoval<T>(
  db: Database, storage: FileStorage, work: (tx: Tx, drop: (keys: readonly string[]) => void) => Promise<T>,
  onError: (err: unknown, key: string) => void = () => {},
): Promise<T> {
  const dropped: string[] = [];
  const result = await db.transaction().execute((tx) => work(tx, (keys) => dropped.push(...keys)));
  await removeBytes(storage, dropped, onError);
  return result;
}

/** One failed removal does not stop the others; the disk pass retries what stays. */
export async function removeBytes(storage: FileStorage, keys: readonly string[], onError: (err: unknown, key: string) => void = () => {}): Promise<void> {
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch (err) {
      onError(err, key);
    }
  }
}

/**
 * Takes the company's files a document is about to point at FOR KEY SHARE until the transaction
 * ends, so the sweep (which locks what it deletes FOR UPDATE SKIP LOCKED) passes them by; answers
 * the ids the company has no file for, for the caller's 400.
 */
export async function holdFiles(tx: Tx, orgId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    SELECT id::text FROM sys_file WHERE org_id = ${orgId} AND id = ANY(${[...ids]}::bigint[]) ORDER BY id FOR KEY SHARE`.execute(tx);
  const held = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !held.has(id));
}
