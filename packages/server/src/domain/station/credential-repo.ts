import type { Transaction } from 'kysely';
import type pg from 'pg';
import type { DB } from '../../platform/db/schema';

type Tx = Transaction<DB>;

export interface StationCaller { credentialId: string; orgId: string; scaleId: string; stationName: string }

/** The live credential whose key hashes to this (migration 050: key_hash is unique). */
export async function credentialByKeyHash(pool: pg.Pool, keyHash: Buffer): Promise<StationCaller | null> {
  const { rows } = await pool.query<{ id: string; org_id: string; scale_id: string; station_name: string }>({
    name: 'station-credential', values: [keyHash],
    text: 'SELECT id::text, org_id::text, scale_id, station_name FROM wb_station_credential WHERE key_hash = $1 AND revoked_at IS NULL',
  });
  const r = rows[0];
  return r ? { credentialId: r.id, orgId: r.org_id, scaleId: r.scale_id, stationName: r.station_name } : null;
}

export async function touchCredential(pool: pg.Pool, id: string): Promise<void> {
  await pool.query({ name: 'station-credential-used', text: 'UPDATE wb_station_credential SET last_used_at = now() WHERE id = $1', values: [id] });
}

export async function insertCredential(tx: Tx, c: { orgId: string; stationName: string; scaleId: string; keyHash: Buffer; keyPrefix: string; remark: string | null; userId: string }): Promise<string> {
  const row = await tx.insertInto('wb_station_credential').values({
    org_id: c.orgId, station_name: c.stationName, scale_id: c.scaleId, key_hash: c.keyHash, key_prefix: c.keyPrefix, remark: c.remark, created_by: c.userId,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function liveCredentialOfScale(tx: Tx, orgId: string, scaleId: string): Promise<boolean> {
  const row = await tx.selectFrom('wb_station_credential').select('id').where('org_id', '=', orgId).where('scale_id', '=', scaleId)
    .where('revoked_at', 'is', null).executeTakeFirst();
  return Boolean(row);
}

/** Revokes the live ones among these ids; answers those it revoked. */
export async function revokeCredentials(tx: Tx, orgId: string, ids: string[], userId: string) {
  return tx.updateTable('wb_station_credential').set({ revoked_at: new Date(), revoked_by: userId })
    .where('org_id', '=', orgId).where('id', 'in', ids).where('revoked_at', 'is', null)
    .returning(['id', 'scale_id', 'station_name', 'key_prefix']).execute();
}

/** The company's live scales, for the weighing page's picker. */
export async function liveScales(tx: Tx | import('../../platform/db/pool').Database, orgId: string) {
  return tx.selectFrom('wb_station_credential').select(['scale_id', 'station_name']).where('org_id', '=', orgId).where('revoked_at', 'is', null)
    .orderBy('scale_id').execute();
}
