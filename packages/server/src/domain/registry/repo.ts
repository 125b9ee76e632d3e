import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import type { BlacklistHit, CardFacts, NoticeFacts, TicketFacts } from './gate-rules';
import type { RegistryKind } from './kinds';
import type { DocStatus, RegistryState, TripState } from './lifecycle';

/** The registries' SQL: always in the caller's company, registry rows locked before anything else. */
type Tx = Transaction<DB>;
type Runner = Tx | Database;

export interface LockedRegistry extends RegistryState {
  id: string;
  kind: RegistryKind;
  plate: string;
  noticeId: string | null;
  noticeLineId: string | null;
  vehicleId: string | null;
  driverIdNumber: string | null;
  preQuantity: string | null;
  reserved: string;
  cardId: string | null;
  validFrom: Date | null;
  validTo: Date | null;
}

interface RegistryRow {
  id: string; kind: RegistryKind; code: string; status: DocStatus; trip: TripState; enabled: boolean; audited_at: Date | null;
  plate: string; notice_id: string | null; notice_line_id: string | null; vehicle_id: string | null; driver_id_number: string | null;
  pre_quantity: string | null; reserved: string; card_id: string | null; valid_from: Date | null; valid_to: Date | null;
}

const asRegistry = (r: RegistryRow): LockedRegistry => ({
  id: r.id, kind: r.kind, code: r.code, status: r.status, trip: r.trip, enabled: r.enabled, auditedBefore: r.audited_at !== null,
  plate: r.plate, noticeId: r.notice_id, noticeLineId: r.notice_line_id, vehicleId: r.vehicle_id, driverIdNumber: r.driver_id_number,
  preQuantity: r.pre_quantity, reserved: r.reserved, cardId: r.card_id, validFrom: r.valid_from, validTo: r.valid_to,
});

/** Locks registries of one kind in id order (so two batches cannot deadlock); ids of other companies or kinds are not found. */
export async function lockRegistries(tx: Tx, orgId: string, kind: RegistryKind, ids: string[]): Promise<LockedRegistry[]> {
  const { rows } = await sql<RegistryRow>`
    SELECT r.id::text, r.kind, r.registry_no AS code, r.doc_status AS status, r.trip_state AS trip, r.enabled, r.audited_at,
           r.plate_number AS plate, r.notice_id::text, r.notice_line_id::text, r.vehicle_id::text, r.driver_id_number,
           r.pre_quantity::text, r.reserved_quantity::text AS reserved, r.ic_card_id::text AS card_id, r.valid_from, r.valid_to
      FROM wb_registry r
     WHERE r.org_id = ${orgId}::bigint AND r.kind = ${kind} AND r.id = ANY(${ids}::bigint[])
     ORDER BY r.id FOR UPDATE`.execute(tx);
  return rows.map(asRegistry);
}

export async function setDocument(tx: Tx, id: string, userId: string, change: { status: DocStatus; enabled: boolean; reserved: string; audit: 'stamp' | 'clear' | 'keep' }) {
  const audited = change.audit === 'stamp' ? sql`now()` : change.audit === 'clear' ? sql`NULL` : sql`audited_at`;
  const by = change.audit === 'stamp' ? sql`${userId}::bigint` : change.audit === 'clear' ? sql`NULL` : sql`audited_by`;
  await sql`
    UPDATE wb_registry SET doc_status = ${change.status}, enabled = ${change.enabled}, reserved_quantity = ${change.reserved}::numeric,
           audited_at = ${audited}, audited_by = ${by}, updated_at = now(), updated_by = ${userId}::bigint, version = version + 1
     WHERE id = ${id}::bigint`.execute(tx);
}

export async function noticeOf(tx: Runner, orgId: string, noticeId: string): Promise<NoticeFacts | null> {
  const { rows } = await sql<{ code: string; status: NoticeFacts['status']; start: Date; end: Date }>`
    SELECT notice_no AS code, doc_status AS status, start_time AS start, end_time AS "end"
      FROM wb_notice WHERE org_id = ${orgId}::bigint AND id = ${noticeId}::bigint
       -- held until the caller commits: an un-audit, close or void of the notice waits for the
       -- reservation that relied on it being audited (notice rules lock the notice FOR UPDATE first)
       FOR SHARE`.execute(tx);
  return rows[0] ?? null;
}

export interface LineFacts { id: string; noticeId: string; materialId: string; kind: string; noticeStatus: NoticeFacts['status']; carrierId: string | null }

export async function lineOf(tx: Runner, orgId: string, lineId: string): Promise<LineFacts | null> {
  const { rows } = await sql<LineFacts>`
    SELECT l.id::text, l.notice_id::text AS "noticeId", l.material_id::text AS "materialId", n.kind, n.doc_status AS "noticeStatus", n.carrier_id::text AS "carrierId"
      FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id
     WHERE l.org_id = ${orgId}::bigint AND l.id = ${lineId}::bigint`.execute(tx);
  return rows[0] ?? null;
}

export async function vehicleByPlate(tx: Tx, orgId: string, plate: string): Promise<{ id: string; enabled: boolean } | null> {
  const { rows } = await sql<{ id: string; enabled: boolean }>`
    SELECT id::text, enabled FROM md_vehicle WHERE org_id = ${orgId}::bigint AND plate_number = ${plate}`.execute(tx);
  return rows[0] ?? null;
}

/** A truck the archive does not know yet gets its row (as the gate office registers it on arrival). */
export async function insertVehicle(tx: Tx, orgId: string, plate: string, axles: number | null): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO md_vehicle (org_id, plate_number, axle_type) VALUES (${orgId}::bigint, ${plate}, ${axles})
    ON CONFLICT (org_id, plate_number) DO UPDATE SET plate_number = EXCLUDED.plate_number
    RETURNING id::text`.execute(tx);
  return rows[0].id;
}

export async function driverByIdNumber(tx: Tx, orgId: string, idNumber: string): Promise<{ id: string; name: string; mobile: string | null } | null> {
  const { rows } = await sql<{ id: string; name: string; mobile: string | null }>`
    SELECT id::text, driver_name AS name, mobile FROM md_driver WHERE org_id = ${orgId}::bigint AND id_number = ${idNumber}`.execute(tx);
  return rows[0] ?? null;
}

export async function insertDriver(tx: Tx, orgId: string, d: { name: string; idNumber: string; mobile: string | null }): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO md_driver (org_id, driver_name, id_number, mobile) VALUES (${orgId}::bigint, ${d.name}, ${d.idNumber}, ${d.mobile})
    ON CONFLICT (org_id, id_number) DO UPDATE SET id_number = EXCLUDED.id_number
    RETURNING id::text`.execute(tx);
  return rows[0].id;
}

/** Blacklist rows in force now naming the plate or the driver's id number, for this business (or for all). */
export async function blacklistHits(tx: Tx, orgId: string, plate: string, idNumber: string | null, kind: string): Promise<BlacklistHit[]> {
  const { rows } = await sql<BlacklistHit>`
    SELECT plate_number AS "plateNumber", id_number AS "idNumber", reason FROM md_blacklist
     WHERE org_id = ${orgId}::bigint AND enabled AND valid_from <= now() AND (valid_until IS NULL OR valid_until > now())
       AND (business_kinds IS NULL OR ${kind}::text = ANY(string_to_array(business_kinds, ',')))
       AND (plate_number = ${plate} OR (${idNumber}::text IS NOT NULL AND id_number = ${idNumber}))
     ORDER BY id LIMIT 1`.execute(tx);
  return rows;
}

export async function inPlantOn(tx: Tx, orgId: string, plate: string, exceptId: string): Promise<string | null> {
  const { rows } = await sql<{ code: string }>`
    SELECT registry_no AS code FROM wb_registry
     WHERE org_id = ${orgId}::bigint AND plate_number = ${plate} AND trip_state IN ('ENTERED', 'WEIGHING') AND id <> ${exceptId}::bigint`.execute(tx);
  return rows[0]?.code ?? null;
}

export interface CardRow extends CardFacts { id: string; uid: string | null; kind: 'FIXED' | 'TEMPORARY'; vehicleId: string | null; vehiclePlate: string | null }

/** The card, locked: binding it to a trip takes turns with every other binding of it. */
export async function lockCard(tx: Tx, orgId: string, by: { id: string } | { uid: string }): Promise<CardRow | null> {
  const where = 'id' in by ? sql`k.id = ${by.id}::bigint` : sql`k.card_uid = ${by.uid}`;
  const { rows } = await sql<CardRow>`
    SELECT k.id::text, k.card_no AS "cardNo", k.card_uid AS uid, k.state, k.enabled, k.card_kind AS kind, k.vehicle_id::text AS "vehicleId",
           (SELECT v.plate_number FROM md_vehicle v WHERE v.id = k.vehicle_id) AS "vehiclePlate"
      FROM md_ic_card k WHERE k.org_id = ${orgId}::bigint AND ${where} FOR UPDATE OF k`.execute(tx);
  return rows[0] ?? null;
}

export async function cardOf(db: Runner, orgId: string, uid: string): Promise<CardRow | null> {
  const { rows } = await sql<CardRow>`
    SELECT k.id::text, k.card_no AS "cardNo", k.card_uid AS uid, k.state, k.enabled, k.card_kind AS kind, k.vehicle_id::text AS "vehicleId",
           (SELECT v.plate_number FROM md_vehicle v WHERE v.id = k.vehicle_id) AS "vehiclePlate"
      FROM md_ic_card k WHERE k.org_id = ${orgId}::bigint AND k.card_uid = ${uid}`.execute(db);
  return rows[0] ?? null;
}

/** The open trip a card names: bound, not released, not obsolete (the index wb_registry_card_uq keeps it one). */
export async function openTripOfCard(db: Runner, orgId: string, cardId: string): Promise<{ id: string; kind: RegistryKind; code: string } | null> {
  const { rows } = await sql<{ id: string; kind: RegistryKind; code: string }>`
    SELECT id::text, kind, registry_no AS code FROM wb_registry
     WHERE org_id = ${orgId}::bigint AND ic_card_id = ${cardId}::bigint AND trip_state <> 'RELEASED' AND doc_status <> 'OBSOLETE'`.execute(db);
  return rows[0] ?? null;
}

/** A card's number, for the log (the card a registry held before a 补卡). */
export async function cardNoOf(tx: Tx, cardId: string): Promise<string | null> {
  const { rows } = await sql<{ cardNo: string }>`SELECT card_no AS "cardNo" FROM md_ic_card WHERE id = ${cardId}::bigint`.execute(tx);
  return rows[0]?.cardNo ?? null;
}

export async function bindCard(tx: Tx, id: string, cardId: string, userId: string): Promise<void> {
  await sql`UPDATE wb_registry SET ic_card_id = ${cardId}::bigint, updated_at = now(), updated_by = ${userId}::bigint, version = version + 1
             WHERE id = ${id}::bigint`.execute(tx);
}

export async function markEntered(tx: Tx, id: string, userId: string): Promise<void> {
  await sql`UPDATE wb_registry SET trip_state = 'ENTERED', entered_at = now(), updated_at = now(), updated_by = ${userId}::bigint, version = version + 1
             WHERE id = ${id}::bigint`.execute(tx);
}

export async function markReleased(tx: Tx, id: string, userId: string, releaseKind: string): Promise<void> {
  await sql`UPDATE wb_registry SET trip_state = 'RELEASED', released_at = now(), release_kind = ${releaseKind}, reserved_quantity = 0,
                                   updated_at = now(), updated_by = ${userId}::bigint, version = version + 1
             WHERE id = ${id}::bigint`.execute(tx);
}

export interface LiveTicket extends TicketFacts { id: string; reserved: string; noticeLineId: string | null }

/** The trip's live ticket (not obsolete), locked after the registry. */
export async function lockLiveTicket(tx: Tx, orgId: string, registryId: string): Promise<LiveTicket | null> {
  const { rows } = await sql<LiveTicket>`
    SELECT id::text, ticket_no AS code, state, close_kind AS "closeKind", reserved_quantity::text AS reserved, notice_line_id::text AS "noticeLineId"
      FROM wb_ticket WHERE org_id = ${orgId}::bigint AND registry_id = ${registryId}::bigint AND state <> 'OBSOLETE' FOR UPDATE`.execute(tx);
  return rows[0] ?? null;
}

/** The ticket's part of a hold has gone back to the line: it holds nothing more. */
export async function clearTicketHold(tx: Tx, ticketId: string): Promise<void> {
  await sql`UPDATE wb_ticket SET reserved_quantity = 0, updated_at = now() WHERE id = ${ticketId}::bigint`.execute(tx);
}

export async function ticketCount(tx: Tx, registryId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM wb_ticket WHERE registry_id = ${registryId}::bigint`.execute(tx);
  return rows[0].n;
}

export async function lockPoint(tx: Tx, orgId: string, pointId: string): Promise<{ id: string; title: string; enabled: boolean } | null> {
  const { rows } = await sql<{ id: string; title: string; enabled: boolean }>`
    SELECT id::text, title, enabled FROM md_discharge_point WHERE org_id = ${orgId}::bigint AND id = ${pointId}::bigint FOR UPDATE`.execute(tx);
  return rows[0] ?? null;
}

/** The next number of a discharge point's queue: after the open trips already queued there. */
export async function nextQueueNo(tx: Tx, orgId: string, pointId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(max(queue_no), 0)::int + 1 AS n FROM wb_registry
     WHERE org_id = ${orgId}::bigint AND discharge_point_id = ${pointId}::bigint AND trip_state <> 'RELEASED' AND doc_status <> 'OBSOLETE'`.execute(tx);
  return rows[0].n;
}

export async function setQueue(tx: Tx, id: string, pointId: string, queueNo: number, userId: string): Promise<void> {
  await sql`UPDATE wb_registry SET discharge_point_id = ${pointId}::bigint, queue_no = ${queueNo}, updated_at = now(), updated_by = ${userId}::bigint,
                                   version = version + 1 WHERE id = ${id}::bigint`.execute(tx);
}

/** The merged registry ends obsolete, pointing at the one kept; the kept one takes its pre-load, hold and card. */
export async function mergeInto(tx: Tx, keep: { id: string; pre: string; reserved: string; cardId: string | null }, other: { id: string }, userId: string): Promise<void> {
  await sql`UPDATE wb_registry SET doc_status = 'OBSOLETE', merged_into_id = ${keep.id}::bigint, reserved_quantity = 0, ic_card_id = NULL,
                                   updated_at = now(), updated_by = ${userId}::bigint, version = version + 1 WHERE id = ${other.id}::bigint`.execute(tx);
  await sql`UPDATE wb_registry SET pre_quantity = ${keep.pre}::numeric, reserved_quantity = ${keep.reserved}::numeric, ic_card_id = ${keep.cardId}::bigint,
                                   updated_at = now(), updated_by = ${userId}::bigint, version = version + 1 WHERE id = ${keep.id}::bigint`.execute(tx);
}

export interface Snapshot { fileId: string; reading: 'FIRST' | 'SECOND'; weighedAt: Date; ticketNo: string; storageKey: string; contentType: string; orgId: string }

/** The snapshots of the trip's weighings, as files of the company. */
export async function snapshotsOf(db: Database, orgId: string, kind: RegistryKind, registryId: string): Promise<Snapshot[] | null> {
  const { rows: found } = await sql<{ id: string }>`
    SELECT id::text FROM wb_registry WHERE org_id = ${orgId}::bigint AND kind = ${kind} AND id = ${registryId}::bigint`.execute(db);
  if (!found[0]) return null;
  const { rows } = await sql<Snapshot>`
    SELECT f.id::text AS "fileId", w.reading, w.weighed_at AS "weighedAt", k.ticket_no AS "ticketNo", f.storage_key AS "storageKey",
           f.content_type AS "contentType", f.org_id::text AS "orgId"
      FROM wb_ticket k JOIN wb_weighing w ON w.ticket_id = k.id
      CROSS JOIN LATERAL unnest(w.snapshot_file_ids) WITH ORDINALITY AS s(file_id, n)
      JOIN sys_file f ON f.id = s.file_id AND f.org_id = k.org_id
     WHERE k.org_id = ${orgId}::bigint AND k.registry_id = ${registryId}::bigint
     ORDER BY w.weighed_at, s.n`.execute(db);
  return rows;
}

export async function deleteRegistries(tx: Tx, ids: string[]): Promise<number> {
  const result = await sql`DELETE FROM wb_registry WHERE id = ANY(${ids}::bigint[])`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

/** The card a stored registry holds now (null for a new one or none). */
export async function storedCardOf(tx: Tx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const { rows } = await sql<{ cardId: string | null }>`SELECT ic_card_id::text AS "cardId" FROM wb_registry WHERE id = ${id}::bigint`.execute(tx);
  return rows[0]?.cardId ?? null;
}
