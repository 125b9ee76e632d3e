import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import type { RegistryKind } from '../registry/kinds';
import type { TripFacts } from './rules';

/** The driver's SQL: always in the token's company and for the token's plate. */
type Tx = Transaction<DB>;
type Runner = Tx | Database;

/** The company's key for driver links, made on first use (never shown). */
export async function driverSecret(db: Runner, orgId: string): Promise<string | null> {
  const { rows: org } = await sql<{ id: string }>`SELECT id::text FROM sys_org WHERE id = ${orgId}::bigint`.execute(db);
  if (!org[0]) return null;
  await sql`INSERT INTO drv_secret (org_id, secret) VALUES (${orgId}::bigint, ${randomBytes(32).toString('base64url')}) ON CONFLICT (org_id) DO NOTHING`.execute(db);
  const { rows } = await sql<{ secret: string }>`SELECT secret FROM drv_secret WHERE org_id = ${orgId}::bigint`.execute(db);
  return rows[0].secret;
}

/**
 * One call of a link counted in this minute's row (shared by every instance): answers the count,
 * including this call. Now and then the rows of minutes long gone are cleared.
 */
export async function countCall(db: Database, orgId: string, key: string): Promise<{ used: number; secondsLeft: number }> {
  const { rows } = await sql<{ used: number; secondsLeft: number }>`
    INSERT INTO drv_rate AS r (org_id, token_key, minute, used) VALUES (${orgId}::bigint, ${key}, date_trunc('minute', now()), 1)
    ON CONFLICT (token_key, minute, org_id) DO UPDATE SET used = r.used + 1
    RETURNING used, (60 - extract(second FROM now()))::int AS "secondsLeft"`.execute(db);
  if (Math.random() < 0.01) await sql`DELETE FROM drv_rate WHERE minute < now() - interval '10 minutes'`.execute(db);
  return rows[0];
}

export interface TripRow extends TripFacts {
  registryId: string;
  registryNo: string;
  kind: RegistryKind;
  noticeId: string | null;
  noticeNo: string | null;
  material: string | null;
  materialCode: string | null;
  vendorId: string | null;
  customerId: string | null;
  party: string | null;
  carrier: string | null;
  createdAt: Date;
}

const tripColumns = sql`
  r.id::text AS "registryId", r.registry_no AS "registryNo", r.kind, r.doc_status AS "docStatus", r.trip_state AS "tripState", r.enabled,
  r.called_at AS "calledAt", r.notice_id::text AS "noticeId", n.notice_no AS "noticeNo", m.inv_name AS material, m.inv_code AS "materialCode",
  n.vendor_id::text AS "vendorId", n.customer_id::text AS "customerId", coalesce(v.vendor_name, c.customer_name, cr.carrier_name) AS party,
  cr.carrier_name AS carrier, r.created_at AS "createdAt",
  (SELECT t.state FROM wb_ticket t WHERE t.org_id = r.org_id AND t.registry_id = r.id AND t.state <> 'OBSOLETE' ORDER BY t.id DESC LIMIT 1) AS "ticketState"`;

const tripJoins = sql`
  LEFT JOIN wb_notice n ON n.org_id = r.org_id AND n.id = r.notice_id
  LEFT JOIN md_material m ON m.id = r.material_id
  LEFT JOIN md_vendor v ON v.id = n.vendor_id
  LEFT JOIN md_customer c ON c.id = n.customer_id
  LEFT JOIN md_carrier cr ON cr.id = coalesce(r.carrier_id, n.carrier_id)`;

/**
 * The driver's current trip: among the plate's live registries of the company, an open one (the
 * token's own first, else the earliest), else the token's own (done), else the newest.
 */
export async function currentTrip(db: Runner, orgId: string, plate: string, registryId: string): Promise<TripRow | null> {
  const { rows } = await sql<TripRow>`
    SELECT ${tripColumns} FROM wb_registry r ${tripJoins}
     WHERE r.org_id = ${orgId}::bigint AND r.plate_number = ${plate} AND r.doc_status <> 'OBSOLETE' AND r.merged_into_id IS NULL
     ORDER BY (r.trip_state <> 'RELEASED' AND r.doc_status = 'AUDITED') DESC, (r.id = ${registryId}::bigint) DESC,
              CASE WHEN r.trip_state <> 'RELEASED' THEN r.created_at END ASC, r.id DESC
     LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

/** One registry of the plate in the company (another plate's is not found). */
export async function tripOf(db: Runner, orgId: string, plate: string, registryId: string): Promise<TripRow | null> {
  const { rows } = await sql<TripRow>`
    SELECT ${tripColumns} FROM wb_registry r ${tripJoins}
     WHERE r.org_id = ${orgId}::bigint AND r.plate_number = ${plate} AND r.id = ${registryId}::bigint`.execute(db);
  return rows[0] ?? null;
}

export async function plantName(db: Runner, orgId: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT org_name AS name FROM sys_org WHERE id = ${orgId}::bigint`.execute(db);
  return rows[0]?.name ?? '';
}

/** The trucks waiting at the gate today (a validity that covers the plant's day, or none). */
const waitingToday = sql`
  r.doc_status = 'AUDITED' AND r.enabled AND r.trip_state = 'PLANNED' AND r.merged_into_id IS NULL
  AND (r.valid_from IS NULL OR r.valid_from < (current_date + 1)::timestamptz)
  AND (r.valid_to IS NULL OR r.valid_to >= current_date::timestamptz)`;

/** His place among the uncalled trucks of his kind waiting today, in order of registration. */
export async function queuePlace(db: Runner, orgId: string, kind: RegistryKind, registryId: string): Promise<{ ahead: number; total: number; mine: boolean }> {
  const { rows } = await sql<{ ahead: number; total: number; mine: boolean }>`
    WITH q AS (
      SELECT r.id, row_number() OVER (ORDER BY r.created_at, r.id) AS n FROM wb_registry r
       WHERE r.org_id = ${orgId}::bigint AND r.kind = ${kind} AND ${waitingToday} AND r.called_at IS NULL)
    SELECT coalesce((SELECT n - 1 FROM q WHERE id = ${registryId}::bigint), 0)::int AS ahead, (SELECT count(*) FROM q)::int AS total,
           EXISTS (SELECT 1 FROM q WHERE id = ${registryId}::bigint) AS mine`.execute(db);
  return rows[0];
}

export interface GateQueueRow {
  registryId: string; registryNo: string; kind: RegistryKind; plate: string; material: string | null; party: string | null;
  noticeNo: string | null; bookedDay: string | null; calledAt: Date | null; place: number | null;
}

/** The gate's waiting list: the uncalled trucks in order (with their place), then the called ones. */
export async function gateQueue(db: Runner, orgId: string, kind: RegistryKind | null): Promise<GateQueueRow[]> {
  const { rows } = await sql<GateQueueRow>`
    SELECT r.id::text AS "registryId", r.registry_no AS "registryNo", r.kind, r.plate_number AS plate, m.inv_name AS material,
           coalesce(v.vendor_name, c.customer_name, cr.carrier_name) AS party, n.notice_no AS "noticeNo",
           to_char(b.day, 'YYYY-MM-DD') AS "bookedDay", r.called_at AS "calledAt",
           CASE WHEN r.called_at IS NULL THEN row_number() OVER (PARTITION BY r.kind, r.called_at IS NULL ORDER BY r.created_at, r.id) END::int AS place
      FROM wb_registry r ${tripJoins}
      LEFT JOIN drv_booking b ON b.org_id = r.org_id AND b.registry_id = r.id AND b.cancelled_at IS NULL
     WHERE r.org_id = ${orgId}::bigint AND ${waitingToday} ${kind ? sql`AND r.kind = ${kind}` : sql``}
     ORDER BY (r.called_at IS NOT NULL), r.created_at, r.id
     LIMIT 500`.execute(db);
  return rows;
}

export interface BookingRow {
  id: string; registryId: string; registryNo: string; noticeNo: string | null; material: string | null; materialCode: string | null;
  kind: RegistryKind; day: string; createdAt: Date; docStatus: string; tripState: string; enabled: boolean; calledAt: Date | null;
  ticketState: string | null;
}

const bookingColumns = sql`
  b.id::text, r.id::text AS "registryId", r.registry_no AS "registryNo", n.notice_no AS "noticeNo", m.inv_name AS material, m.inv_code AS "materialCode",
  r.kind, to_char(b.day, 'YYYY-MM-DD') AS day, b.created_at AS "createdAt", r.doc_status AS "docStatus", r.trip_state AS "tripState", r.enabled,
  r.called_at AS "calledAt",
  (SELECT t.state FROM wb_ticket t WHERE t.org_id = r.org_id AND t.registry_id = r.id AND t.state <> 'OBSOLETE' ORDER BY t.id DESC LIMIT 1) AS "ticketState"`;

/** The plate's bookings not cancelled, for today or later. */
export async function bookingsOf(db: Runner, orgId: string, plate: string): Promise<BookingRow[]> {
  const { rows } = await sql<BookingRow>`
    SELECT ${bookingColumns} FROM drv_booking b
      JOIN wb_registry r ON r.org_id = b.org_id AND r.id = b.registry_id
      LEFT JOIN wb_notice n ON n.org_id = r.org_id AND n.id = r.notice_id
      LEFT JOIN md_material m ON m.id = r.material_id
     WHERE b.org_id = ${orgId}::bigint AND b.plate_number = ${plate} AND b.cancelled_at IS NULL AND b.day >= current_date
     ORDER BY b.day, b.id`.execute(db);
  return rows;
}

export async function bookingById(db: Runner, orgId: string, plate: string, id: string): Promise<BookingRow | null> {
  const { rows } = await sql<BookingRow>`
    SELECT ${bookingColumns} FROM drv_booking b
      JOIN wb_registry r ON r.org_id = b.org_id AND r.id = b.registry_id
      LEFT JOIN wb_notice n ON n.org_id = r.org_id AND n.id = r.notice_id
      LEFT JOIN md_material m ON m.id = r.material_id
     WHERE b.org_id = ${orgId}::bigint AND b.plate_number = ${plate} AND b.id = ${id}::bigint`.execute(db);
  return rows[0] ?? null;
}

/** A booking row locked, with what cancelling it gives back; another plate's is not found. */
export async function lockBooking(tx: Tx, orgId: string, plate: string, id: string): Promise<{ id: string; registryId: string; kind: RegistryKind; day: string; ruleIds: string[]; cancelledAt: Date | null } | null> {
  const { rows } = await sql<{ id: string; registryId: string; kind: RegistryKind; day: string; ruleIds: string[]; cancelledAt: Date | null }>`
    SELECT b.id::text, b.registry_id::text AS "registryId", r.kind, to_char(b.day, 'YYYY-MM-DD') AS day, b.rule_ids::text[] AS "ruleIds", b.cancelled_at AS "cancelledAt"
      FROM drv_booking b JOIN wb_registry r ON r.org_id = b.org_id AND r.id = b.registry_id
     WHERE b.org_id = ${orgId}::bigint AND b.plate_number = ${plate} AND b.id = ${id}::bigint
       FOR UPDATE OF b`.execute(tx);
  return rows[0] ?? null;
}

export async function insertBooking(tx: Tx, orgId: string, registryId: string, plate: string, day: string, ruleIds: string[]): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO drv_booking (org_id, registry_id, plate_number, day, rule_ids)
    VALUES (${orgId}::bigint, ${registryId}::bigint, ${plate}, ${day}::date, ${ruleIds}::bigint[]) RETURNING id::text`.execute(tx);
  return rows[0].id;
}

export async function markCancelled(tx: Tx, orgId: string, id: string): Promise<void> {
  await sql`UPDATE drv_booking SET cancelled_at = now() WHERE org_id = ${orgId}::bigint AND id = ${id}::bigint`.execute(tx);
}

/** The places a cancelled booking took, given back (rule id order, as they were taken). */
export async function giveBackPlaces(tx: Tx, orgId: string, ruleIds: string[], day: string): Promise<void> {
  for (const ruleId of [...ruleIds].sort((a, b) => Number(a) - Number(b))) {
    await sql`UPDATE gt_appointment_use SET used = used - 1
               WHERE org_id = ${orgId}::bigint AND rule_id = ${ruleId}::bigint AND day = ${day}::date AND used > 0`.execute(tx);
  }
}

export interface NoticeLineRow {
  noticeId: string; noticeNo: string; kind: RegistryKind; party: string | null; endDay: string;
  noticeLineId: string; seq: number; material: string; materialCode: string; unit: string | null; left: string | null;
}

/**
 * The open notices of his company: audited, within their dates, of his trip's kind and party (the
 * vendor of a purchase, the customer of a sale; for the other kinds his trip's own notice).
 */
export async function openLines(db: Runner, orgId: string, trip: Pick<TripRow, 'kind' | 'noticeId' | 'vendorId' | 'customerId'>, lineId: string | null = null): Promise<NoticeLineRow[]> {
  if (!trip.noticeId) return [];
  const party = trip.kind === 'pu' && trip.vendorId ? sql`n.vendor_id = ${trip.vendorId}::bigint`
    : trip.kind === 'sa' && trip.customerId ? sql`n.customer_id = ${trip.customerId}::bigint`
      : sql`n.id = ${trip.noticeId}::bigint`;
  const { rows } = await sql<NoticeLineRow>`
    SELECT n.id::text AS "noticeId", n.notice_no AS "noticeNo", n.kind, coalesce(v.vendor_name, c.customer_name) AS party,
           to_char(n.end_time, 'YYYY-MM-DD') AS "endDay",
           l.id::text AS "noticeLineId", l.seq, m.inv_name AS material, m.inv_code AS "materialCode", m.unit,
           CASE WHEN l.quantity_control THEN greatest(l.max_limit - l.done_quantity - l.in_transit, 0)::text END AS "left"
      FROM wb_notice n JOIN wb_notice_line l ON l.org_id = n.org_id AND l.notice_id = n.id
      JOIN md_material m ON m.id = l.material_id
      LEFT JOIN md_vendor v ON v.id = n.vendor_id
      LEFT JOIN md_customer c ON c.id = n.customer_id
     WHERE n.org_id = ${orgId}::bigint AND n.kind = ${trip.kind} AND n.doc_status = 'AUDITED' AND n.start_time <= now() AND n.end_time >= now()
       AND ${party} ${lineId ? sql`AND l.id = ${lineId}::bigint` : sql``}
     ORDER BY n.end_time, n.id, l.seq
     LIMIT 200`.execute(db);
  return rows;
}

/** The places taken under the rules on the days. */
export async function placesUsed(db: Runner, orgId: string, ruleIds: string[], days: string[]): Promise<Map<string, number>> {
  if (ruleIds.length === 0 || days.length === 0) return new Map();
  const { rows } = await sql<{ ruleId: string; day: string; used: number }>`
    SELECT rule_id::text AS "ruleId", to_char(day, 'YYYY-MM-DD') AS day, used FROM gt_appointment_use
     WHERE org_id = ${orgId}::bigint AND rule_id = ANY(${ruleIds}::bigint[]) AND day = ANY(${days}::date[])`.execute(db);
  return new Map(rows.map((r) => [`${r.ruleId}|${r.day}`, r.used]));
}

/** The plant's next days ('yyyy-MM-dd'), today first. */
export async function plantDays(db: Runner, count: number): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    SELECT to_char(current_date + g, 'YYYY-MM-DD') AS day FROM generate_series(0, ${count - 1}::int) g ORDER BY g`.execute(db);
  return rows.map((r) => r.day);
}

/** A plant day's start and end as times (the session's zone is the plant's). */
export async function dayBounds(db: Runner, day: string): Promise<{ from: Date; to: Date }> {
  const { rows } = await sql<{ from: Date; to: Date }>`
    SELECT ${day}::date::timestamptz AS "from", (${day}::date + 1)::timestamptz - interval '1 second' AS "to"`.execute(db);
  return rows[0];
}

/** The trip's live ticket (the newest not void). */
export async function ticketOfTrip(db: Runner, orgId: string, registryId: string): Promise<{ id: string; ticketNo: string; state: string; kind: string } | null> {
  const { rows } = await sql<{ id: string; ticketNo: string; state: string; kind: string }>`
    SELECT id::text, ticket_no AS "ticketNo", state, kind FROM wb_ticket
     WHERE org_id = ${orgId}::bigint AND registry_id = ${registryId}::bigint AND state <> 'OBSOLETE' ORDER BY id DESC LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

export interface ReceiptRow { receiverName: string; receivedAt: Date; signatureFileId: string; plate: string }

export async function receiptOf(db: Runner, orgId: string, ticketId: string): Promise<ReceiptRow | null> {
  const { rows } = await sql<ReceiptRow>`
    SELECT receiver_name AS "receiverName", received_at AS "receivedAt", signature_file_id::text AS "signatureFileId", plate_number AS plate
      FROM drv_receipt WHERE org_id = ${orgId}::bigint AND ticket_id = ${ticketId}::bigint`.execute(db);
  return rows[0] ?? null;
}

/** The ticket row locked for its receipt: a second receipt waits for the first and then finds it. */
export async function lockTicket(tx: Tx, orgId: string, ticketId: string): Promise<{ id: string; ticketNo: string; kind: string; state: string } | null> {
  const { rows } = await sql<{ id: string; ticketNo: string; kind: string; state: string }>`
    SELECT id::text, ticket_no AS "ticketNo", kind, state FROM wb_ticket WHERE org_id = ${orgId}::bigint AND id = ${ticketId}::bigint FOR UPDATE`.execute(tx);
  return rows[0] ?? null;
}

export async function insertReceipt(tx: Tx, orgId: string, ticketId: string, receiverName: string, fileId: string, plate: string): Promise<Date> {
  const { rows } = await sql<{ at: Date }>`
    INSERT INTO drv_receipt (org_id, ticket_id, receiver_name, signature_file_id, plate_number)
    VALUES (${orgId}::bigint, ${ticketId}::bigint, ${receiverName}, ${fileId}::bigint, ${plate}) RETURNING received_at AS at`.execute(tx);
  return rows[0].at;
}

/** A registry of any kind locked for the gate's call. */
export async function lockForCall(tx: Tx, orgId: string, registryId: string): Promise<{ id: string; kind: RegistryKind; code: string; plate: string; docStatus: string; tripState: string; enabled: boolean } | null> {
  const { rows } = await sql<{ id: string; kind: RegistryKind; code: string; plate: string; docStatus: string; tripState: string; enabled: boolean }>`
    SELECT id::text, kind, registry_no AS code, plate_number AS plate, doc_status AS "docStatus", trip_state AS "tripState", enabled
      FROM wb_registry WHERE org_id = ${orgId}::bigint AND id = ${registryId}::bigint FOR UPDATE`.execute(tx);
  return rows[0] ?? null;
}

export async function markCalled(tx: Tx, orgId: string, registryId: string): Promise<Date> {
  const { rows } = await sql<{ at: Date }>`
    UPDATE wb_registry SET called_at = now() WHERE org_id = ${orgId}::bigint AND id = ${registryId}::bigint RETURNING called_at AS at`.execute(tx);
  return rows[0].at;
}
