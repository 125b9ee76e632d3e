import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB, SampleState } from '../../platform/db/schema';
import { drawBlindCode } from './blind-code';
import type { FormatLine, ItemBounds, RecheckMode } from './rules';

/**
 * The quality family's SQL. Lock order (README): tickets (by id) before their sample, a sample
 * before its results. What the lab reads (labSample, labLines, sampleLog) never selects a vendor,
 * a ticket or a plate; the code-to-tickets map is sampleTickets alone.
 */
type Tx = Transaction<DB>;
type Runner = Tx | Database;

export interface SampleRow {
  id: string; blind_code: string; format_id: string; state: SampleState; round: 1 | 2; version: number;
  material_id: string | null; vendor_id: string | null; recheck_mode: RecheckMode; batch_trucks: number;
}

const SAMPLE_COLUMNS = sql`s.id::text AS id, s.blind_code, s.format_id::text AS format_id, s.state, s.round, s.version,
  s.material_id::text AS material_id, s.vendor_id::text AS vendor_id, f.recheck_mode, f.batch_trucks`;

export async function lockSample(tx: Tx, orgId: string, sampleId: string): Promise<SampleRow | null> {
  const { rows } = await sql<SampleRow>`
    SELECT ${SAMPLE_COLUMNS} FROM qm_sample s JOIN qm_format f ON f.id = s.format_id
     WHERE s.id = ${sampleId}::bigint AND s.org_id = ${orgId} FOR UPDATE OF s`.execute(tx);
  return rows[0] ?? null;
}

/** The ticket's sample, if it has joined one. */
export async function sampleOfTicket(db: Runner, orgId: string, ticketId: string): Promise<{ sample_id: string; state: SampleState; sample_count: number } | null> {
  const { rows } = await sql<{ sample_id: string; state: SampleState; sample_count: number }>`
    SELECT st.sample_id::text AS sample_id, s.state, st.sample_count FROM qm_sample_ticket st JOIN qm_sample s ON s.id = st.sample_id
     WHERE st.ticket_id = ${ticketId}::bigint AND st.org_id = ${orgId}`.execute(db);
  return rows[0] ?? null;
}

/**
 * The open sample a truck of this material, vendor, format and day joins: one still collecting
 * and below the format's trucks per sample (0: no limit). Locked, and its limit checked again
 * after the lock, so two trucks never overfill it.
 */
export async function lockOpenSample(tx: Tx, orgId: string, k: { materialId: string | null; vendorId: string | null; formatId: string; sampledOn: string }): Promise<{ id: string } | null> {
  const { rows } = await sql<{ id: string }>`
    SELECT s.id::text AS id FROM qm_sample s JOIN qm_format f ON f.id = s.format_id
     WHERE s.org_id = ${orgId} AND s.state = 'COLLECTING' AND s.format_id = ${k.formatId}::bigint AND s.sampled_on = ${k.sampledOn}::date
       AND s.material_id IS NOT DISTINCT FROM ${k.materialId}::bigint AND s.vendor_id IS NOT DISTINCT FROM ${k.vendorId}::bigint
       AND (f.batch_trucks = 0 OR s.truck_count < f.batch_trucks)
     ORDER BY s.id LIMIT 1 FOR UPDATE OF s`.execute(tx);
  return rows[0] ?? null;
}

/** A new sample with a fresh blind code (a clash with an existing code is drawn again) and its first round's result rows. */
export async function insertSample(tx: Tx, orgId: string, userId: string | null, k: { materialId: string | null; vendorId: string | null; formatId: string; sampledOn: string }): Promise<{ id: string; blindCode: string }> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = drawBlindCode();
    const { rows } = await sql<{ id: string }>`
      INSERT INTO qm_sample (org_id, blind_code, material_id, vendor_id, format_id, sampled_on, created_by)
      VALUES (${orgId}, ${code}, ${k.materialId}::bigint, ${k.vendorId}::bigint, ${k.formatId}::bigint, ${k.sampledOn}::date, ${userId}::bigint)
      ON CONFLICT (org_id, blind_code) DO NOTHING RETURNING id::text AS id`.execute(tx);
    if (rows[0]) {
      await insertRound(tx, orgId, rows[0].id, k.formatId, 1);
      return { id: rows[0].id, blindCode: code };
    }
  }
  throw new Error('no free blind code after 8 draws');
}

/** A round's result rows, one per item of the format, empty. */
export async function insertRound(tx: Tx, orgId: string, sampleId: string, formatId: string, round: 1 | 2): Promise<void> {
  await sql`
    INSERT INTO qm_result (org_id, sample_id, round, item_id, derived)
    SELECT ${orgId}, ${sampleId}::bigint, ${round}, l.item_id, l.formula IS NOT NULL FROM qm_format_item l WHERE l.format_id = ${formatId}::bigint
    ON CONFLICT DO NOTHING`.execute(tx);
}

export async function joinSample(tx: Tx, orgId: string, sampleId: string, ticketId: string, sampleCount: number): Promise<void> {
  await sql`INSERT INTO qm_sample_ticket (ticket_id, org_id, sample_id, sample_count) VALUES (${ticketId}::bigint, ${orgId}, ${sampleId}::bigint, ${sampleCount})`.execute(tx);
  await sql`UPDATE qm_sample SET truck_count = truck_count + 1, sample_count = sample_count + ${sampleCount}, updated_at = now(), version = version + 1
             WHERE id = ${sampleId}::bigint`.execute(tx);
}

/** A truck re-judged: its count of sample portions changes, and the sample's total with it. */
export async function recountTicket(tx: Tx, sampleId: string, ticketId: string, sampleCount: number): Promise<void> {
  await sql`
    WITH old AS (SELECT sample_count FROM qm_sample_ticket WHERE ticket_id = ${ticketId}::bigint),
         upd AS (UPDATE qm_sample_ticket SET sample_count = ${sampleCount} WHERE ticket_id = ${ticketId}::bigint)
    UPDATE qm_sample SET sample_count = sample_count - (SELECT sample_count FROM old) + ${sampleCount}, updated_at = now(), version = version + 1
     WHERE id = ${sampleId}::bigint`.execute(tx);
}

/** A truck judged 不合格 while its sample still collects leaves it; an emptied sample goes. */
export async function leaveSample(tx: Tx, sampleId: string, ticketId: string): Promise<void> {
  await sql`
    WITH gone AS (DELETE FROM qm_sample_ticket WHERE ticket_id = ${ticketId}::bigint RETURNING sample_count)
    UPDATE qm_sample SET truck_count = truck_count - 1, sample_count = sample_count - (SELECT sample_count FROM gone), updated_at = now(), version = version + 1
     WHERE id = ${sampleId}::bigint`.execute(tx);
  await sql`DELETE FROM qm_sample WHERE id = ${sampleId}::bigint AND truck_count = 0 AND state = 'COLLECTING'`.execute(tx);
}

/** The sample's tickets locked in id order (before the sample: the lock order). */
export async function lockSampleTickets(tx: Tx, orgId: string, sampleId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT t.id::text AS id FROM wb_ticket t JOIN qm_sample_ticket st ON st.ticket_id = t.id
     WHERE st.sample_id = ${sampleId}::bigint AND t.org_id = ${orgId} ORDER BY t.id FOR UPDATE OF t`.execute(tx);
  return rows.map((r) => r.id);
}

export async function formatLines(db: Runner, formatId: string): Promise<(FormatLine & ItemBounds)[]> {
  const { rows } = await sql<FormatLine & ItemBounds>`
    SELECT i.id::text AS "itemId", i.item_code AS code, i.item_name AS name, l.formula, i.precision_digits AS "precisionDigits",
           i.min_value::text AS "minValue", i.max_value::text AS "maxValue"
      FROM qm_format_item l JOIN qm_assay_item i ON i.id = l.item_id WHERE l.format_id = ${formatId}::bigint ORDER BY l.seq, l.id`.execute(db);
  return rows;
}

export interface ResultRow { id: string; item_id: string; value: string | null; derived: boolean; version: number; entered_by: string | null }

/** A round's results, locked (the sample's lock is held already). */
export async function lockRound(tx: Tx, sampleId: string, round: 1 | 2): Promise<ResultRow[]> {
  const { rows } = await sql<ResultRow>`
    SELECT id::text AS id, item_id::text AS item_id, value::text AS value, derived, version, entered_by::text AS entered_by
      FROM qm_result WHERE sample_id = ${sampleId}::bigint AND round = ${round} ORDER BY id FOR UPDATE`.execute(tx);
  return rows;
}

export async function readRound(db: Runner, sampleId: string, round: 1 | 2): Promise<ResultRow[]> {
  const { rows } = await sql<ResultRow>`
    SELECT id::text AS id, item_id::text AS item_id, value::text AS value, derived, version, entered_by::text AS entered_by
      FROM qm_result WHERE sample_id = ${sampleId}::bigint AND round = ${round} ORDER BY id`.execute(db);
  return rows;
}

export async function writeResult(tx: Tx, resultId: string, value: string | null, userId: string | null): Promise<void> {
  await sql`UPDATE qm_result SET value = ${value}::numeric, entered_by = ${userId}::bigint, entered_at = now(), version = version + 1
             WHERE id = ${resultId}::bigint`.execute(tx);
}

export interface LogLine { round: 1 | 2; itemId: string | null; action: 'ENTER' | 'DERIVE' | 'CHECK' | 'RECHECK'; before: string | null; after: string | null }

export async function writeQualityLog(tx: Tx, orgId: string, sampleId: string, who: { userId: string | null; name: string }, lines: LogLine[]): Promise<void> {
  if (lines.length === 0) return;
  await sql`
    INSERT INTO qm_log (org_id, sample_id, round, item_id, action, before_value, after_value, user_id, actor_name)
    SELECT ${orgId}, ${sampleId}::bigint, (x->>'round')::smallint, (x->>'itemId')::bigint, x->>'action', (x->>'before')::numeric, (x->>'after')::numeric,
           ${who.userId}::bigint, ${who.name}
      FROM jsonb_array_elements(${JSON.stringify(lines)}::jsonb) x`.execute(tx);
}

export async function setSampleState(tx: Tx, sampleId: string, state: SampleState, extra: { round?: 1 | 2; checkedBy?: string | null; recheckReason?: string } = {}): Promise<void> {
  await sql`
    UPDATE qm_sample SET state = ${state}, round = coalesce(${extra.round ?? null}::smallint, round),
           checked_by = CASE WHEN ${extra.checkedBy !== undefined} THEN ${extra.checkedBy ?? null}::bigint ELSE checked_by END,
           checked_at = CASE WHEN ${extra.checkedBy !== undefined} THEN (CASE WHEN ${extra.checkedBy ?? null}::bigint IS NULL THEN NULL ELSE now() END) ELSE checked_at END,
           recheck_reason = coalesce(${extra.recheckReason ?? null}, recheck_reason),
           updated_at = now(), version = version + 1
     WHERE id = ${sampleId}::bigint`.execute(tx);
}

/** The final values replace those of an earlier check. */
export async function writeFinalValues(tx: Tx, orgId: string, sampleId: string, values: { itemId: string; value: string }[]): Promise<void> {
  await sql`DELETE FROM qm_sample_value WHERE sample_id = ${sampleId}::bigint`.execute(tx);
  if (values.length === 0) return;
  await sql`
    INSERT INTO qm_sample_value (sample_id, org_id, item_id, value)
    SELECT ${sampleId}::bigint, ${orgId}, (x->>'itemId')::bigint, (x->>'value')::numeric FROM jsonb_array_elements(${JSON.stringify(values)}::jsonb) x`.execute(tx);
}

/**
 * The items a user may enter in the company: those given to the user (用户化验项目) and to the
 * enabled roles held there (角色化验项目).
 */
export async function allowedItems(db: Runner, orgId: string, userId: string): Promise<Set<string>> {
  const { rows } = await sql<{ item_id: string }>`
    SELECT item_id::text AS item_id FROM sys_user_assay_item WHERE user_id = ${userId}::bigint
    UNION
    SELECT ra.item_id::text FROM sys_role_assay_item ra
      JOIN sys_user_org_role ur ON ur.role_id = ra.role_id AND ur.user_id = ${userId}::bigint AND ur.org_id = ${orgId}
      JOIN sys_role r ON r.id = ra.role_id AND r.enabled`.execute(db);
  return new Set(rows.map((r) => r.item_id));
}
