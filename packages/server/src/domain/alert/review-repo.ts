import { sql, type RawBuilder } from 'kysely';
import type { AlertComment, AlertCounts, AlertFinding, AlertRow, AlertTicket } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import type { Tx } from '../weighing/repo';
import type { AlertFilter } from './review-schemas';

/**
 * The SQL of the 预警中心's review: the lists, the detail, the counts and the reviewer's changes.
 * Every statement is scoped by org_id to the caller's company.
 */

type Db = Database | Tx;

const ROW_COLUMNS = sql`
  a.id::text AS id, a.rule, a.severity, a.status, a.finding, a.message, a.plate,
  a.ticket_id::text AS "ticketId", t.ticket_no AS "ticketNo",
  a.operator_id::text AS "operatorId", op.real_name AS "operatorName",
  a.party_kind AS "partyKind", a.party_id::text AS "partyId", coalesce(pv.vendor_name, pc.customer_name) AS "partyName",
  a.assignee_id::text AS "assigneeId", asg.real_name AS "assigneeName",
  a.occurred_at AS "occurredAt", a.created_at AS "createdAt", a.version`;

const ROW_JOINS = sql`
  LEFT JOIN wb_ticket t ON t.org_id = a.org_id AND t.id = a.ticket_id
  LEFT JOIN sys_user op ON op.id = a.operator_id
  LEFT JOIN sys_user asg ON asg.id = a.assignee_id
  LEFT JOIN md_vendor pv ON a.party_kind = 'VENDOR' AND pv.id = a.party_id
  LEFT JOIN md_customer pc ON a.party_kind = 'CUSTOMER' AND pc.id = a.party_id`;

export type AlertRowRaw = Omit<AlertRow, 'ruleLabel' | 'ruleLabelEn' | 'occurredAt' | 'createdAt'> & { occurredAt: Date; createdAt: Date };

/** The conditions of a list's filter; a plant day is [its midnight, the next midnight) in the plant's zone. */
function conditions(orgId: string, f: AlertFilter, zone: string): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [sql`a.org_id = ${orgId}::bigint`];
  if (f.status === 'ACTIVE') c.push(sql`a.status <> 'CLOSED'`);
  else if (f.status) c.push(sql`a.status = ${f.status}`);
  if (f.rule) c.push(sql`a.rule = ${f.rule}`);
  if (f.severity) c.push(sql`a.severity = ${f.severity}`);
  if (f.finding) c.push(sql`a.finding = ${f.finding}`);
  if (f.plate) c.push(sql`a.plate ILIKE ${`%${f.plate.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  if (f.operatorId) c.push(sql`a.operator_id = ${f.operatorId}::bigint`);
  if (f.assigneeId) c.push(sql`a.assignee_id = ${f.assigneeId}::bigint`);
  if (f.partyKind) c.push(sql`a.party_kind = ${f.partyKind}`);
  if (f.partyId) c.push(sql`a.party_id = ${f.partyId}::bigint`);
  if (f.ticketId) c.push(sql`(a.ticket_id = ${f.ticketId}::bigint OR a.evidence->'ticketIds' ? ${f.ticketId})`);
  if (f.from) c.push(sql`a.occurred_at >= ((${f.from}::date)::timestamp AT TIME ZONE ${zone})`);
  if (f.to) c.push(sql`a.occurred_at < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  return sql.join(c, sql` AND `);
}

/** A page of alerts, open ones first, then the newest. */
export async function listAlerts(db: Db, orgId: string, f: AlertFilter, zone: string): Promise<{ list: AlertRowRaw[]; total: number }> {
  const where = conditions(orgId, f, zone);
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<AlertRowRaw>`
      SELECT ${ROW_COLUMNS} FROM wb_alert a ${ROW_JOINS}
       WHERE ${where}
       ORDER BY (a.status = 'CLOSED'), a.occurred_at DESC, a.id DESC
       LIMIT ${f.ps} OFFSET ${(f.pn - 1) * f.ps}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM wb_alert a WHERE ${where}`.execute(db),
  ]);
  return { list: rows, total: count[0]?.n ?? 0 };
}

export interface AlertDetailRaw extends AlertRowRaw {
  evidence: Record<string, unknown>; source: 'WEIGHING' | 'NIGHTLY';
  findingNote: string | null; closedAt: Date | null; closedByName: string | null; assignedAt: Date | null;
}

export async function alertById(db: Db, orgId: string, id: string): Promise<AlertDetailRaw | null> {
  const { rows } = await sql<AlertDetailRaw>`
    SELECT ${ROW_COLUMNS}, a.evidence, a.source, a.finding_note AS "findingNote", a.closed_at AS "closedAt",
           cb.real_name AS "closedByName", a.assigned_at AS "assignedAt"
      FROM wb_alert a ${ROW_JOINS}
      LEFT JOIN sys_user cb ON cb.id = a.closed_by
     WHERE a.org_id = ${orgId}::bigint AND a.id = ${id}::bigint`.execute(db);
  return rows[0] ?? null;
}

/** The tickets an alert rests on, with the operator of their last weighing. */
export async function ticketsOf(db: Db, orgId: string, ids: readonly string[]): Promise<Omit<AlertTicket, 'pictures'>[]> {
  if (!ids.length) return [];
  const { rows } = await sql<Omit<AlertTicket, 'pictures'>>`
    SELECT t.id::text AS id, t.kind, t.ticket_no AS "ticketNo", t.plate_number AS plate, t.state,
           t.gross::text AS gross, t.tare::text AS tare, t.net::text AS net,
           t.gross_time AS "grossTime", t.tare_time AS "tareTime", t.completed_at AS "completedAt",
           u.real_name AS "operatorName", m.inv_name AS "materialName", coalesce(pv.vendor_name, pc.customer_name) AS "partyName"
      FROM wb_ticket t
      LEFT JOIN md_material m ON m.id = t.material_id
      LEFT JOIN md_vendor pv ON pv.id = t.vendor_id
      LEFT JOIN md_customer pc ON pc.id = t.customer_id
      LEFT JOIN LATERAL (
        SELECT w.operator_id FROM wb_weighing w WHERE w.org_id = t.org_id AND w.ticket_id = t.id ORDER BY w.weighed_at DESC LIMIT 1) lw ON true
      LEFT JOIN sys_user u ON u.id = lw.operator_id
     WHERE t.org_id = ${orgId}::bigint AND t.id = ANY(${[...ids]}::bigint[])
     ORDER BY t.completed_at NULLS LAST, t.id`.execute(db);
  return rows;
}

export async function commentsOf(db: Db, orgId: string, alertId: string): Promise<AlertComment[]> {
  const { rows } = await sql<AlertComment>`
    SELECT c.id::text AS id, u.real_name AS "userName", c.body, c.created_at AS "createdAt"
      FROM wb_alert_comment c LEFT JOIN sys_user u ON u.id = c.user_id
     WHERE c.org_id = ${orgId}::bigint AND c.alert_id = ${alertId}::bigint
     ORDER BY c.created_at, c.id`.execute(db);
  return rows;
}

/** 首页: the company's alerts not closed, by severity. */
export async function openCounts(db: Db, orgId: string): Promise<AlertCounts> {
  const { rows } = await sql<{ severity: keyof AlertCounts; n: number }>`
    SELECT severity, count(*)::int AS n FROM wb_alert
     WHERE org_id = ${orgId}::bigint AND status <> 'CLOSED' GROUP BY severity`.execute(db);
  const counts: AlertCounts = { HIGH: 0, MEDIUM: 0, LOW: 0, total: 0 };
  for (const r of rows) {
    counts[r.severity] = r.n;
    counts.total += r.n;
  }
  return counts;
}

/** A ticket's alerts, for the ticket's own screen. */
export async function alertsOfTicket(db: Db, orgId: string, ticketId: string): Promise<AlertRowRaw[]> {
  const { rows } = await sql<AlertRowRaw>`
    SELECT ${ROW_COLUMNS} FROM wb_alert a ${ROW_JOINS}
     WHERE a.org_id = ${orgId}::bigint AND (a.ticket_id = ${ticketId}::bigint OR a.evidence->'ticketIds' ? ${ticketId})
     ORDER BY a.occurred_at DESC, a.id DESC LIMIT 50`.execute(db);
  return rows;
}

export interface LockedAlert {
  id: string; rule: string; status: 'OPEN' | 'ASSIGNED' | 'CLOSED'; version: number; assignee_id: string | null; plate: string | null; message: string;
}

/** The alert, locked for the change: two reviewers at once are served one after the other. */
export async function lockAlert(tx: Tx, orgId: string, id: string): Promise<LockedAlert | null> {
  const { rows } = await sql<LockedAlert>`
    SELECT id::text AS id, rule, status, version, assignee_id::text AS assignee_id, plate, message FROM wb_alert
     WHERE org_id = ${orgId}::bigint AND id = ${id}::bigint FOR UPDATE`.execute(tx);
  return rows[0] ?? null;
}

/** A user who holds a role in the company (whom an alert can be given to), with the name. */
export async function memberOf(db: Db, orgId: string, userId: string): Promise<{ id: string; name: string } | null> {
  const { rows } = await sql<{ id: string; name: string }>`
    SELECT u.id::text AS id, u.real_name AS name FROM sys_user u
     WHERE u.id = ${userId}::bigint AND EXISTS (SELECT 1 FROM sys_user_org_role r WHERE r.user_id = u.id AND r.org_id = ${orgId}::bigint)`.execute(db);
  return rows[0] ?? null;
}

/** The company's people an alert can be given to. */
export async function members(db: Db, orgId: string): Promise<{ id: string; name: string; username: string }[]> {
  const { rows } = await sql<{ id: string; name: string; username: string }>`
    SELECT u.id::text AS id, u.real_name AS name, u.username FROM sys_user u
     WHERE EXISTS (SELECT 1 FROM sys_user_org_role r WHERE r.user_id = u.id AND r.org_id = ${orgId}::bigint)
     ORDER BY u.real_name, u.id`.execute(db);
  return rows;
}

export async function saveAssignment(tx: Tx, orgId: string, id: string, assigneeId: string): Promise<void> {
  await sql`UPDATE wb_alert SET status = 'ASSIGNED', assignee_id = ${assigneeId}::bigint, assigned_at = now(), updated_at = now(), version = version + 1
             WHERE org_id = ${orgId}::bigint AND id = ${id}::bigint`.execute(tx);
}

export async function saveClosing(tx: Tx, orgId: string, id: string, by: string, finding: AlertFinding, note: string | null): Promise<void> {
  await sql`UPDATE wb_alert SET status = 'CLOSED', finding = ${finding}, finding_note = ${note}, closed_at = now(), closed_by = ${by}::bigint,
                   updated_at = now(), version = version + 1
             WHERE org_id = ${orgId}::bigint AND id = ${id}::bigint`.execute(tx);
}

/** Reopened: back to its reviewer if it had one, else open; the finding is taken back. */
export async function saveReopening(tx: Tx, orgId: string, id: string): Promise<void> {
  await sql`UPDATE wb_alert SET status = CASE WHEN assignee_id IS NULL THEN 'OPEN' ELSE 'ASSIGNED' END,
                   finding = NULL, finding_note = NULL, closed_at = NULL, closed_by = NULL, updated_at = now(), version = version + 1
             WHERE org_id = ${orgId}::bigint AND id = ${id}::bigint`.execute(tx);
}

export async function insertComment(tx: Tx, orgId: string, alertId: string, userId: string, body: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO wb_alert_comment (org_id, alert_id, user_id, body) VALUES (${orgId}::bigint, ${alertId}::bigint, ${userId}::bigint, ${body})
    RETURNING id::text AS id`.execute(tx);
  return rows[0]!.id;
}

export interface SettingRow { rule: string; enabled: boolean; settings: Record<string, unknown>; version: number }

export async function settingRows(db: Db, orgId: string): Promise<SettingRow[]> {
  const { rows } = await sql<SettingRow>`
    SELECT rule, enabled, settings, version FROM wb_alert_setting WHERE org_id = ${orgId}::bigint`.execute(db);
  return rows;
}

/** The company's row of a rule, locked (made first when the company never chose its own). */
export async function lockSetting(tx: Tx, orgId: string, rule: string): Promise<SettingRow> {
  await sql`INSERT INTO wb_alert_setting (org_id, rule) VALUES (${orgId}::bigint, ${rule}) ON CONFLICT DO NOTHING`.execute(tx);
  const { rows } = await sql<SettingRow>`
    SELECT rule, enabled, settings, version FROM wb_alert_setting WHERE org_id = ${orgId}::bigint AND rule = ${rule} FOR UPDATE`.execute(tx);
  return rows[0]!;
}

export async function saveSetting(tx: Tx, orgId: string, rule: string, by: string, enabled: boolean, settings: Record<string, unknown>): Promise<void> {
  await sql`UPDATE wb_alert_setting SET enabled = ${enabled}, settings = ${JSON.stringify(settings)}::jsonb, updated_at = now(), updated_by = ${by}::bigint,
                   version = version + 1
             WHERE org_id = ${orgId}::bigint AND rule = ${rule}`.execute(tx);
}
