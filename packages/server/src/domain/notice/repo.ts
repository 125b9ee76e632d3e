import { sql, type Transaction } from 'kysely';
import type { DB, NoticeKind } from '../../platform/db/schema';
import type { DocStatus } from '../../platform/documents/lifecycle';
import type { LineState } from './rules';
import type { Who } from '../../platform/auth/who';

/**
 * The notices' own SQL. Lock order is the plant's everywhere: the notice header first, then its
 * lines; registries and tickets lock their own row and then the line (quantity.ts) and never the
 * header, so none of these can deadlock with a weighing.
 */
type Tx = Transaction<DB>;

interface LineRow {
  id: string; seq: number; max_limit: string; min_limit: string | null; done_quantity: string; in_transit: string; quantity_control: boolean;
}
const lineState = (r: LineRow): LineState => ({
  seq: r.seq, maxLimit: r.max_limit, minLimit: r.min_limit, done: r.done_quantity, inTransit: r.in_transit, quantityControl: r.quantity_control,
});

/** The stored lines of a notice whose header the caller holds, locked: what a rewrite must leave room for. */
export async function lineFacts(tx: Tx, noticeId: string): Promise<Map<string, LineState>> {
  const { rows } = await sql<LineRow>`
    SELECT id::text, seq, max_limit, min_limit, done_quantity, in_transit, quantity_control
      FROM wb_notice_line WHERE notice_id = ${noticeId}::bigint ORDER BY id FOR UPDATE`.execute(tx);
  return new Map(rows.map((r) => [r.id, lineState(r)]));
}

/**
 * What the trucks did on each notice, summed over its lines. The lines are locked: a registry
 * reserving on one waits for the state action to end, then finds the notice as it left it.
 */
export async function noticeFactsOf(tx: Tx, noticeIds: string[]): Promise<{ id: string; noticeNo: string; done: string; inTransit: string }[]> {
  await sql`SELECT 1 FROM wb_notice_line WHERE notice_id = ANY(${noticeIds}::bigint[]) ORDER BY id FOR UPDATE`.execute(tx);
  const { rows } = await sql<{ id: string; notice_no: string; done: string; in_transit: string }>`
    SELECT n.id::text, n.notice_no, coalesce(sum(l.done_quantity), 0)::text AS done, coalesce(sum(l.in_transit), 0)::text AS in_transit
      FROM wb_notice n LEFT JOIN wb_notice_line l ON l.notice_id = n.id
     WHERE n.id = ANY(${noticeIds}::bigint[]) GROUP BY n.id, n.org_id ORDER BY n.id`.execute(tx);
  return rows.map((r) => ({ id: r.id, noticeNo: r.notice_no, done: r.done, inTransit: r.in_transit }));
}

/** Who audited and when; withdrawing the audit leaves the last audit on record until the next. */
export async function stampAudit(tx: Tx, noticeIds: string[], userId: string): Promise<void> {
  await sql`UPDATE wb_notice SET audited_at = now(), audited_by = ${userId}::bigint WHERE id = ANY(${noticeIds}::bigint[])`.execute(tx);
}

export interface LockedLine extends LineState {
  lineId: string;
  noticeId: string;
  noticeNo: string;
  status: DocStatus;
}

/**
 * One line of one of the company's notices of this kind, for a quantity edit: the header shared
 * (no state action meanwhile), then the line for update (no truck completes meanwhile). Null when
 * the line is not the company's or not of this kind.
 */
export async function lockLine(tx: Tx, orgId: string, kind: NoticeKind, lineId: string): Promise<LockedLine | null> {
  const { rows: headers } = await sql<{ id: string; notice_no: string; doc_status: DocStatus }>`
    SELECT n.id::text, n.notice_no, n.doc_status FROM wb_notice n
     WHERE n.org_id = ${orgId}::bigint AND n.kind = ${kind}
       AND n.id = (SELECT l.notice_id FROM wb_notice_line l WHERE l.id = ${lineId}::bigint AND l.org_id = ${orgId}::bigint)
       FOR SHARE`.execute(tx);
  const header = headers[0];
  if (!header) return null;
  const { rows } = await sql<LineRow>`
    SELECT id::text, seq, max_limit, min_limit, done_quantity, in_transit, quantity_control
      FROM wb_notice_line WHERE id = ${lineId}::bigint FOR UPDATE`.execute(tx);
  return { ...lineState(rows[0]), lineId, noticeId: header.id, noticeNo: header.notice_no, status: header.doc_status };
}

export interface LineQuantitiesRow { lineId: string; maxLimit: string; doneQuantity: string; inTransit: string; remaining: string }

/** Writes one quantity of a line and answers the line's quantities as they now are. */
export async function setLineQuantity(tx: Tx, userId: string, lineId: string, column: 'max_limit' | 'done_quantity', value: string): Promise<LineQuantitiesRow> {
  const { rows } = await sql<{ id: string; max_limit: string; done_quantity: string; in_transit: string; remaining: string }>`
    UPDATE wb_notice_line SET ${sql.id(column)} = ${value}::numeric, version = version + 1, updated_at = now(), updated_by = ${userId}::bigint
     WHERE id = ${lineId}::bigint
     RETURNING id::text, trim_scale(max_limit)::text AS max_limit, trim_scale(done_quantity)::text AS done_quantity,
               trim_scale(in_transit)::text AS in_transit, trim_scale(max_limit - done_quantity - in_transit)::text AS remaining`.execute(tx);
  const r = rows[0];
  return { lineId: r.id, maxLimit: r.max_limit, doneQuantity: r.done_quantity, inTransit: r.in_transit, remaining: r.remaining };
}

/** The company's notice of this kind, shared-locked for an edit of its period. */
export async function lockNotice(tx: Tx, orgId: string, kind: NoticeKind, id: string) {
  const { rows } = await sql<{ id: string; notice_no: string; doc_status: DocStatus; start_time: Date; end_time: Date }>`
    SELECT id::text, notice_no, doc_status, start_time, end_time FROM wb_notice
     WHERE id = ${id}::bigint AND org_id = ${orgId}::bigint AND kind = ${kind} FOR UPDATE`.execute(tx);
  return rows[0] ?? null;
}

export async function setEndTime(tx: Tx, userId: string, id: string, endTime: Date): Promise<void> {
  await sql`UPDATE wb_notice SET end_time = ${endTime}, version = version + 1, updated_at = now(), updated_by = ${userId}::bigint
    WHERE id = ${id}::bigint`.execute(tx);
}

/** A company of the caller's group other than itself (an allot notice's receiving company). */
export async function isPeerCompany(tx: Tx, who: Pick<Who, 'orgId' | 'groupId'>, orgId: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM sys_org WHERE id = ${orgId}::bigint AND group_id = ${who.groupId}::bigint AND id <> ${who.orgId}::bigint`.execute(tx);
  return rows.length > 0;
}

/** A time as the wire gives it (yyyy-MM-dd HH:mm:ss), read by the database as a stored form time is. */
export async function timeOf(tx: Tx, text: string): Promise<Date> {
  const { rows } = await sql<{ t: Date }>`SELECT ${text}::timestamptz AS t`.execute(tx);
  return rows[0].t;
}
