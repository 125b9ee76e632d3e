import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import type { AppointmentRule } from './appointment-rules';
import type { PlateTrip } from './find-rules';
import type { QrTarget } from './qr';

type Tx = Transaction<DB>;
type Runner = Tx | Database;

/** The plant's wall clock as the database keeps it (the session's time zone): day and time of day. */
export async function plantClock(db: Runner): Promise<{ day: string; timeOfDay: string; now: Date }> {
  const { rows } = await sql<{ day: string; timeOfDay: string; now: Date }>`
    SELECT to_char(current_date, 'YYYY-MM-DD') AS day, to_char(localtime, 'HH24:MI:SS') AS "timeOfDay", now() AS now`.execute(db);
  return rows[0];
}

export async function appointmentRules(db: Runner, orgId: string): Promise<AppointmentRule[]> {
  const { rows } = await sql<AppointmentRule>`
    SELECT id::text, rule_code AS code, rule_name AS name, kind, material_code AS "materialCode", time_window AS "window", day_quota AS quota, quota_day_start AS "quotaDayStart", valid_days AS "validDays"
      FROM gt_appointment_rule WHERE org_id = ${orgId}::bigint AND enabled ORDER BY id`.execute(db);
  return rows;
}

/** The registry's kind and its material's code, as the appointment rules key them. */
export async function entryOf(db: Runner, orgId: string, registryId: string): Promise<{ registryNo: string; kind: string; materialCode: string | null } | null> {
  const { rows } = await sql<{ registryNo: string; kind: string; materialCode: string | null }>`
    SELECT r.registry_no AS "registryNo", r.kind, m.inv_code AS "materialCode"
      FROM wb_registry r LEFT JOIN md_material m ON m.id = r.material_id
     WHERE r.org_id = ${orgId}::bigint AND r.id = ${registryId}::bigint`.execute(db);
  return rows[0] ?? null;
}

/**
 * Takes one of the day's places under a rule, or answers false when they are all taken. The
 * day's counter row is the lock: two gates after the last place meet on it, the second waits for
 * the first to commit and then finds the count at the quota.
 */
export async function takeQuota(tx: Tx, orgId: string, ruleId: string, day: string, quota: number): Promise<boolean> {
  if (quota <= 0) return false;
  const { rows } = await sql<{ used: number }>`
    INSERT INTO gt_appointment_use AS u (org_id, rule_id, day, used) VALUES (${orgId}::bigint, ${ruleId}::bigint, ${day}::date, 1)
    ON CONFLICT (rule_id, day, org_id) DO UPDATE SET used = u.used + 1 WHERE u.used < ${quota}
    RETURNING used`.execute(tx);
  return rows.length > 0;
}

/** The rules whose day places a live driver's booking of the registry already took (domain/driver). */
export async function placesBooked(db: Runner, orgId: string, registryId: string): Promise<Set<string>> {
  const { rows } = await sql<{ ruleId: string }>`
    SELECT unnest(rule_ids)::text AS "ruleId" FROM drv_booking
     WHERE org_id = ${orgId}::bigint AND registry_id = ${registryId}::bigint AND cancelled_at IS NULL`.execute(db);
  return new Set(rows.map((r) => r.ruleId));
}

/** The company's QR key, made on first use (a key, not business data: it is never shown). */
export async function qrSecret(db: Runner, orgId: string): Promise<string> {
  await sql`INSERT INTO gt_qr_secret (org_id, secret) VALUES (${orgId}::bigint, ${randomBytes(32).toString('base64url')}) ON CONFLICT (org_id) DO NOTHING`.execute(db);
  const { rows } = await sql<{ secret: string }>`SELECT secret FROM gt_qr_secret WHERE org_id = ${orgId}::bigint`.execute(db);
  return rows[0].secret;
}

/** Minutes a printed code of the target is good for: the strictest enabled rule, 0 when none limits it. */
export async function qrMinutes(db: Runner, orgId: string): Promise<Record<QrTarget, number>> {
  const { rows } = await sql<{ target: QrTarget; minutes: number }>`
    SELECT target, min(valid_minutes) FILTER (WHERE valid_minutes > 0) AS minutes
      FROM gt_qrcode_rule WHERE org_id = ${orgId}::bigint AND enabled GROUP BY target`.execute(db);
  const out: Record<QrTarget, number> = { REGISTRY: 0, PASS_CARD: 0 };
  for (const r of rows) out[r.target] = r.minutes ?? 0;
  return out;
}

export interface TripHit { id: string; kind: string; registryNo: string }

/** The trip a plate names: for entry the audited trip not yet in; for release the one inside. */
export async function tripOfPlate(db: Runner, orgId: string, plate: string, inside: boolean): Promise<TripHit | null> {
  const { rows } = await sql<TripHit>`
    SELECT id::text, kind, registry_no AS "registryNo" FROM wb_registry
     WHERE org_id = ${orgId}::bigint AND plate_number = ${plate} AND doc_status = 'AUDITED'
       AND trip_state IN (${sql.join(inside ? ['ENTERED', 'WEIGHING'] : ['PLANNED'])})
     ORDER BY coalesce(valid_from, created_at), id LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

/** The plate's registries, newest first: what the look-up says when the plate has no trip to let through. */
export async function tripsOfPlate(db: Runner, orgId: string, plate: string): Promise<PlateTrip[]> {
  const { rows } = await sql<PlateTrip>`
    SELECT registry_no AS "registryNo", doc_status AS "docStatus", trip_state AS "tripState" FROM wb_registry
     WHERE org_id = ${orgId}::bigint AND plate_number = ${plate} ORDER BY id DESC LIMIT 20`.execute(db);
  return rows;
}

/** The open trip of a card named by its number or its chip serial. */
export async function tripOfCard(db: Runner, orgId: string, card: string, uid: string): Promise<(TripHit & { cardNo: string }) | { cardNo: string } | null> {
  const { rows: cards } = await sql<{ id: string; cardNo: string }>`
    SELECT id::text, card_no AS "cardNo" FROM md_ic_card WHERE org_id = ${orgId}::bigint AND (card_no = ${card} OR card_uid = ${uid}) ORDER BY id LIMIT 1`.execute(db);
  if (!cards[0]) return null;
  const { rows } = await sql<TripHit>`
    SELECT id::text, kind, registry_no AS "registryNo" FROM wb_registry
     WHERE org_id = ${orgId}::bigint AND ic_card_id = ${cards[0].id}::bigint AND trip_state <> 'RELEASED' AND doc_status <> 'OBSOLETE'`.execute(db);
  return rows[0] ? { ...rows[0], cardNo: cards[0].cardNo } : { cardNo: cards[0].cardNo };
}

export async function tripOfNo(db: Runner, orgId: string, registryNo: string): Promise<TripHit | null> {
  const { rows } = await sql<TripHit>`
    SELECT id::text, kind, registry_no AS "registryNo" FROM wb_registry WHERE org_id = ${orgId}::bigint AND registry_no = ${registryNo}`.execute(db);
  return rows[0] ?? null;
}

export interface PassRow { id: string; passNo: string; holderKind: 'TRUCK' | 'VISITOR'; plateNumber: string | null; visitorName: string | null;
  reason: string | null; validFrom: Date; validTo: Date; enabled: boolean; usedCount: number }

const passColumns = sql`id::text, pass_no AS "passNo", holder_kind AS "holderKind", plate_number AS "plateNumber", visitor_name AS "visitorName",
  reason, valid_from AS "validFrom", valid_to AS "validTo", enabled, used_count AS "usedCount"`;

/** A pass by its number, or the newest pass of a plate. */
export async function passOf(db: Runner, orgId: string, by: { passNo: string } | { plate: string }): Promise<PassRow | null> {
  const where = 'passNo' in by ? sql`pass_no = ${by.passNo}` : sql`plate_number = ${by.plate}`;
  const { rows } = await sql<PassRow>`SELECT ${passColumns} FROM gt_pass_card WHERE org_id = ${orgId}::bigint AND ${where} ORDER BY valid_to DESC, id DESC LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

export async function lockPass(tx: Tx, orgId: string, passNo: string): Promise<PassRow | null> {
  const { rows } = await sql<PassRow>`SELECT ${passColumns} FROM gt_pass_card WHERE org_id = ${orgId}::bigint AND pass_no = ${passNo} FOR UPDATE`.execute(tx);
  return rows[0] ?? null;
}

export async function markPassUsed(tx: Tx, id: string, userId: string | null): Promise<void> {
  await sql`UPDATE gt_pass_card SET used_count = used_count + 1, last_used_at = now(), updated_at = now(), updated_by = ${userId}::bigint, version = version + 1
             WHERE id = ${id}::bigint`.execute(tx);
}

/** The places taken under each rule on its quota day (a rule's day may be the plant's day before: 限额日起始). */
export async function usedToday(db: Runner, orgId: string, days: ReadonlyMap<string, string>): Promise<Map<string, number>> {
  if (days.size === 0) return new Map();
  const { rows } = await sql<{ ruleId: string; used: number }>`
    SELECT u.rule_id::text AS "ruleId", u.used FROM gt_appointment_use u
      JOIN unnest(${[...days.keys()]}::bigint[], ${[...days.values()]}::date[]) AS d(rule_id, day) ON d.rule_id = u.rule_id AND d.day = u.day
     WHERE u.org_id = ${orgId}::bigint`.execute(db);
  return new Map(rows.map((r) => [r.ruleId, r.used]));
}

export async function registryNoOf(db: Runner, orgId: string, id: string): Promise<string | null> {
  const { rows } = await sql<{ no: string }>`SELECT registry_no AS no FROM wb_registry WHERE org_id = ${orgId}::bigint AND id = ${id}::bigint`.execute(db);
  return rows[0]?.no ?? null;
}
