import { ALERT_FINDING_WORDS, type AlertDetail, type AlertFinding, type AlertList, type AlertRow } from '@wb/protocol';
import type { ChangeNote } from '../../platform/audit/log';
import type { Caller } from '../../platform/auth/guard';
import type { Database } from '../../platform/db/pool';
import { AppError, badRequest } from '../../platform/http/errors';
import type { Tx } from '../weighing/repo';
import { ticketPictures } from '../weighing/pictures';
import type { TicketKind } from '../../platform/db/schema';
import * as repo from './review-repo';
import type { AlertFilter } from './review-schemas';
import { ALERT_RULES } from './settings';

/**
 * The reviewer's work on an alert: the lists and the detail with its evidence, and the changes
 * (assign, comment, close with a finding, reopen). Each change locks the alert and checks the
 * version the reviewer saw, so of two reviewers acting at once one wins and the other is told.
 */

/** The log's word for an alert. */
export const ALERT_FAMILY = '预警';

type Who = Pick<Caller, 'orgId' | 'userId'>;

const zone = () => process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai';

/** The rule's label (the code only for a rule this version does not know). */
export function ruleWords(rule: string): { label: string; labelEn: string } {
  const decl = ALERT_RULES.find((r) => r.rule === rule);
  return decl ? { label: decl.label, labelEn: decl.labelEn } : { label: rule, labelEn: rule };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function rowOf(r: repo.AlertRowRaw): AlertRow {
  const words = ruleWords(r.rule);
  return { ...r, ruleLabel: words.label, ruleLabelEn: words.labelEn, occurredAt: iso(r.occurredAt)!, createdAt: iso(r.createdAt)! };
}

export async function alertList(db: Database, who: Who, filter: AlertFilter): Promise<AlertList> {
  const { list, total } = await repo.listAlerts(db, who.orgId, filter, zone());
  return { list: list.map(rowOf), total };
}

export async function ticketAlerts(db: Database, who: Who, ticketId: string): Promise<AlertRow[]> {
  return (await repo.alertsOfTicket(db, who.orgId, ticketId)).map(rowOf);
}

/** The ids the evidence names: its ticketIds, and the alert's own ticket. */
export function evidenceTickets(ticketId: string | null, evidence: Record<string, unknown>): string[] {
  const named = Array.isArray(evidence.ticketIds) ? evidence.ticketIds.map(String).filter((id) => /^\d{1,18}$/.test(id)) : [];
  return [...new Set([...(ticketId ? [ticketId] : []), ...named])].slice(0, 50);
}

/** The readings the evidence keeps (READING_JUMP): pairs `[at, kg]` as the scan keeps them (or `{ at, kg }`), others left out. */
export function evidenceReadings(evidence: Record<string, unknown>): { at: number; kg: number }[] {
  const raw: unknown[] = Array.isArray(evidence.readings) ? evidence.readings : [];
  return raw.slice(0, 500).flatMap((r) => {
    const [at, kg] = Array.isArray(r) ? [Number(r[0]), Number(r[1])] : [Number((r as { at?: unknown })?.at), Number((r as { kg?: unknown })?.kg)];
    return r !== null && Number.isFinite(at) && Number.isFinite(kg) ? [{ at, kg }] : [];
  });
}

export async function alertDetail(db: Database, who: Who, id: string): Promise<AlertDetail> {
  const a = await repo.alertById(db, who.orgId, id);
  if (!a) throw new AppError(404, '预警不存在', 'id');
  const evidence = a.evidence ?? {};
  const [tickets, comments] = await Promise.all([
    repo.ticketsOf(db, who.orgId, evidenceTickets(a.ticketId, evidence)),
    repo.commentsOf(db, who.orgId, id),
  ]);
  const withPictures = await Promise.all(tickets.map(async (t) => ({
    ...t,
    grossTime: iso(t.grossTime), tareTime: iso(t.tareTime), completedAt: iso(t.completedAt),
    pictures: ((await ticketPictures(db, who.orgId, t.kind as TicketKind, t.id)) ?? []).map((p) => ({ ...p, weighedAt: iso(p.weighedAt)! })),
  })));
  return {
    ...rowOf(a), evidence, source: a.source, findingNote: a.findingNote, closedAt: iso(a.closedAt), closedByName: a.closedByName,
    assignedAt: iso(a.assignedAt), tickets: withPictures, readings: a.rule === 'READING_JUMP' ? evidenceReadings(evidence) : [],
    comments: comments.map((c) => ({ ...c, createdAt: iso(c.createdAt)! })),
  };
}

/** The alert locked, at the version the reviewer saw. */
async function locked(tx: Tx, who: Who, id: string, version: number) {
  const a = await repo.lockAlert(tx, who.orgId, id);
  if (!a) throw new AppError(404, '预警不存在', 'id');
  if (a.version !== version) throw badRequest('预警已被他人处理，请刷新后重试', 'version');
  return a;
}

const docNo = (a: { id: string; plate: string | null }) => a.plate ? `${a.id} ${a.plate}` : a.id;

export async function assignAlert(tx: Tx, who: Who, id: string, body: { assigneeId: string; version: number }): Promise<ChangeNote> {
  const a = await locked(tx, who, id, body.version);
  if (a.status === 'CLOSED') throw badRequest('预警已关闭，不能指派', 'id');
  const user = await repo.memberOf(tx, who.orgId, body.assigneeId);
  if (!user) throw badRequest('处理人不是本公司的用户', 'assigneeId');
  await repo.saveAssignment(tx, who.orgId, id, user.id);
  return { action: 'alertAssign', family: ALERT_FAMILY, docNo: docNo(a), detail: `${ruleWords(a.rule).label}：指派给 ${user.name}` };
}

export async function commentAlert(tx: Tx, who: Who, id: string, body: { body: string }): Promise<{ id: string; note: ChangeNote }> {
  const a = await repo.lockAlert(tx, who.orgId, id);
  if (!a) throw new AppError(404, '预警不存在', 'id');
  const commentId = await repo.insertComment(tx, who.orgId, id, who.userId, body.body);
  return { id: commentId, note: { action: 'alertComment', family: ALERT_FAMILY, docNo: docNo(a), detail: `${ruleWords(a.rule).label}：${body.body}` } };
}

/** The finding closes the alert; a fraud must say why (it is what a dismissal rests on). */
export function checkFinding(finding: AlertFinding, note: string | undefined): string | null {
  const text = note?.trim() ?? '';
  if (finding === 'FRAUD' && !text) throw badRequest('结论为舞弊时必须填写处理说明(note)', 'note');
  return text || null;
}

export async function closeAlert(tx: Tx, who: Who, id: string, body: { finding: AlertFinding; note?: string; version: number }): Promise<ChangeNote> {
  const note = checkFinding(body.finding, body.note);
  const a = await locked(tx, who, id, body.version);
  if (a.status === 'CLOSED') throw badRequest('预警已关闭', 'id');
  await repo.saveClosing(tx, who.orgId, id, who.userId, body.finding, note);
  return {
    action: 'alertClose', family: ALERT_FAMILY, docNo: docNo(a),
    detail: `${ruleWords(a.rule).label}：结论 ${ALERT_FINDING_WORDS[body.finding][0]}${note ? `，${note}` : ''}`,
  };
}

export async function reopenAlert(tx: Tx, who: Who, id: string, body: { reason: string; version: number }): Promise<ChangeNote> {
  const a = await locked(tx, who, id, body.version);
  if (a.status !== 'CLOSED') throw badRequest('预警未关闭，无需重新打开', 'id');
  await repo.saveReopening(tx, who.orgId, id);
  await repo.insertComment(tx, who.orgId, id, who.userId, `重新打开：${body.reason}`);
  return { action: 'alertReopen', family: ALERT_FAMILY, docNo: docNo(a), detail: `${ruleWords(a.rule).label}：重新打开，${body.reason}` };
}
