import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';

/** The kiosk keys' SQL, and what a kiosk reads: samples by blind code, their results for its items. Nothing here selects a vendor, a ticket or a plate. */
type Runner = Kysely<DB> | Transaction<DB>;

export interface KioskRow { id: string; org_id: string; name: string; item_ids: string[] }

/** The live kiosk holding this key hash, its company enabled. */
export async function kioskByHash(db: Runner, hash: Buffer): Promise<KioskRow | undefined> {
  const { rows } = await sql<KioskRow>`
    SELECT k.id::text, k.org_id::text, k.name, k.item_ids::text[] AS item_ids
      FROM qm_kiosk k JOIN sys_org o ON o.id = k.org_id AND o.enabled
     WHERE k.key_hash = ${hash} AND k.revoked_at IS NULL`.execute(db);
  return rows[0];
}

/** The company's assay items by code (its group's), for the key's item list. */
export async function itemsByCode(tx: Runner, orgId: string, codes: string[]): Promise<{ id: string; item_code: string; item_name: string }[]> {
  const { rows } = await sql<{ id: string; item_code: string; item_name: string }>`
    SELECT i.id::text, i.item_code, i.item_name FROM qm_assay_item i JOIN sys_org o ON o.group_id = i.group_id
     WHERE o.id = ${orgId}::bigint AND i.enabled AND i.item_code = ANY(${codes}::text[])`.execute(tx);
  return rows;
}

export async function insertKiosk(tx: Runner, k: { orgId: string; name: string; hash: Buffer; hint: string; itemIds: string[]; userId: string }): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO qm_kiosk (org_id, name, key_hash, key_hint, item_ids, created_by)
    VALUES (${k.orgId}::bigint, ${k.name}, ${k.hash}, ${k.hint}, ${k.itemIds}::bigint[], ${k.userId}::bigint) RETURNING id::text`.execute(tx);
  return rows[0].id;
}

/** Revokes the company's live kiosks among these ids, answering their names. */
export async function revokeKiosks(tx: Runner, orgId: string, ids: string[], userId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await sql<{ id: string; name: string }>`
    UPDATE qm_kiosk SET revoked_at = now(), revoked_by = ${userId}::bigint, updated_at = now(), version = version + 1
     WHERE org_id = ${orgId}::bigint AND id = ANY(${ids}::bigint[]) AND revoked_at IS NULL RETURNING id::text, name`.execute(tx);
  return rows;
}

export interface KioskItem { id: string; code: string; name: string; unit: string | null; precision: number; min: string | null; max: string | null }

export async function kioskItems(db: Runner, itemIds: string[]): Promise<KioskItem[]> {
  const { rows } = await sql<KioskItem>`
    SELECT id::text, item_code AS code, item_name AS name, unit, precision_digits AS precision, trim_scale(min_value)::text AS min, trim_scale(max_value)::text AS max
      FROM qm_assay_item WHERE id = ANY(${itemIds}::bigint[]) ORDER BY sort, id`.execute(db);
  return rows;
}

export interface WaitingSample { id: string; blindCode: string; round: number; results: { itemId: string; value: string | null; version: number; derived: boolean }[] }

/**
 * Samples the lab may still enter (the first round while collecting or testing, the recheck while
 * open), by blind code, each with its current round's results of these items.
 */
export async function waitingSamples(db: Runner, orgId: string, itemIds: string[], sampleId: string | null = null): Promise<WaitingSample[]> {
  const { rows } = await sql<{ id: string; blind_code: string; round: number; results: WaitingSample['results'] }>`
    SELECT s.id::text, s.blind_code, s.round,
           coalesce((SELECT json_agg(json_build_object('itemId', r.item_id::text, 'value', trim_scale(r.value)::text, 'version', r.version, 'derived', r.derived) ORDER BY r.item_id)
                       FROM qm_result r WHERE r.sample_id = s.id AND r.round = s.round AND r.item_id = ANY(${itemIds}::bigint[])), '[]') AS results
      FROM qm_sample s
     WHERE s.org_id = ${orgId}::bigint AND (${sampleId}::bigint IS NULL OR s.id = ${sampleId}::bigint)
       AND ((s.round = 1 AND s.state IN ('COLLECTING', 'TESTING')) OR (s.round = 2 AND s.state = 'RECHECK'))
     ORDER BY s.id LIMIT 500`.execute(db);
  return rows.map((r) => ({ id: r.id, blindCode: r.blind_code, round: r.round, results: r.results }));
}
