import { sql, type Kysely, type Transaction } from 'kysely';
import type { LiveReading, TrendPoint } from '@wb/protocol';
import type { DB } from '../../platform/db/schema';

/** The database, or a transaction under way (a weighing reads the latest reading in its own). */
export type BoardRunner = Kysely<DB> | Transaction<DB>;

export interface ScaleRow { latest: LiveReading | null; trend: TrendPoint[] }

/**
 * The scale's row, locked until the transaction ends: two posts of one scale (to two instances)
 * are taken one after the other. The scale's first post makes the row.
 */
export async function lockedScale(tx: Transaction<DB>, orgId: string, scaleId: string): Promise<ScaleRow> {
  const select = () => sql<ScaleRow>`SELECT latest, trend FROM wb_scale_latest WHERE org_id = ${orgId} AND scale_id = ${scaleId} FOR UPDATE`.execute(tx);
  let { rows } = await select();
  if (rows.length === 0) {
    await sql`INSERT INTO wb_scale_latest (org_id, scale_id) VALUES (${orgId}, ${scaleId}) ON CONFLICT (org_id, scale_id) DO NOTHING`.execute(tx);
    ({ rows } = await select());
  }
  return rows[0] ?? { latest: null, trend: [] };
}

/** The new latest reading and trend, and the notice every instance gets when the transaction commits: one statement. */
export async function noteReadings(tx: Transaction<DB>, orgId: string, scaleId: string, latest: LiveReading, trend: TrendPoint[], channel: string, notice: string): Promise<void> {
  await sql`WITH u AS (UPDATE wb_scale_latest SET latest = ${JSON.stringify(latest)}::jsonb, trend = ${JSON.stringify(trend)}::jsonb, updated_at = now()
                        WHERE org_id = ${orgId} AND scale_id = ${scaleId} RETURNING 1)
            SELECT pg_notify(${channel}, ${notice}) FROM u`.execute(tx);
}

export async function scaleRow(db: BoardRunner, orgId: string, scaleId: string): Promise<ScaleRow | null> {
  const { rows } = await sql<ScaleRow>`SELECT latest, trend FROM wb_scale_latest WHERE org_id = ${orgId} AND scale_id = ${scaleId}`.execute(db);
  return rows[0] ?? null;
}

export async function latestReading(db: BoardRunner, orgId: string, scaleId: string): Promise<LiveReading | null> {
  const { rows } = await sql<{ latest: LiveReading | null }>`SELECT latest FROM wb_scale_latest WHERE org_id = ${orgId} AND scale_id = ${scaleId}`.execute(db);
  return rows[0]?.latest ?? null;
}

export async function latestReadings(db: BoardRunner, orgId: string): Promise<Map<string, LiveReading>> {
  const { rows } = await sql<{ scale_id: string; latest: LiveReading }>`SELECT scale_id, latest FROM wb_scale_latest WHERE org_id = ${orgId} AND latest IS NOT NULL`.execute(db);
  return new Map(rows.map((r) => [r.scale_id, r.latest]));
}

/** A revoked scale's row goes: its next key's first post starts it again. */
export async function forgetScale(db: BoardRunner, orgId: string, scaleId: string): Promise<void> {
  await sql`DELETE FROM wb_scale_latest WHERE org_id = ${orgId} AND scale_id = ${scaleId}`.execute(db);
}
