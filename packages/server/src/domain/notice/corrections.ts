import type { NoticeDoneBody, NoticeEndTimeBody, NoticeMaxLimitBody } from '@wb/protocol';
import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import type { DB, NoticeKind } from '../../platform/db/schema';
import type { DocumentFamily } from '../../platform/documents/define';
import { AppError, badRequest } from '../../platform/http/errors';
import { toDateTime } from '../../platform/list/values';
import { tons } from './quantity-rules';
import * as repo from './repo';
import { auditedOnly, decideDone, decideEndTime, decideMaxLimit } from './rules';

/**
 * Corrections of an audited notice: a line's max limit, its done quantity (with the reason the
 * plant is paid on), the notice's end time. Each locks the header, then the line, as every caller
 * does (repo.lockLine), decides with the pure rules, writes, and says what changed for the log.
 */
type Tx = Transaction<DB>;
export interface Corrected<T> { reply: T; note: ChangeNote }

const lineNotFound = (lineId: string) => AppError.of('notFound', `通知单明细不存在: ${lineId}`, 'lineId');

async function auditedLine(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, family: DocumentFamily, kind: NoticeKind, lineId: string, word: string) {
  const line = await repo.lockLine(tx, who.orgId, kind, lineId);
  if (!line) throw lineNotFound(lineId);
  const refused = auditedOnly(line.status, family.label, line.noticeNo, word);
  if (refused) throw badRequest(refused, 'lineId');
  return line;
}

export async function correctMaxLimit(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, family: DocumentFamily, kind: NoticeKind, body: NoticeMaxLimitBody) {
  const line = await auditedLine(tx, who, family, kind, body.lineId, '修改最大限量');
  const decision = decideMaxLimit(line, body.maxLimit);
  if (!decision.ok) throw badRequest(decision.message, decision.field);
  const after = await repo.setLineQuantity(tx, who.userId, line.lineId, 'max_limit', decision.value.toFixed(4));
  return {
    reply: after,
    note: { action: 'noticeUpdateMaxLimit', family: family.label, docNo: line.noticeNo, detail: `${line.noticeNo} 第${line.seq}行 最大限量 ${tons(line.maxLimit)} -> ${tons(after.maxLimit)}` },
  };
}

export async function correctDone(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, family: DocumentFamily, kind: NoticeKind, body: NoticeDoneBody) {
  const line = await auditedLine(tx, who, family, kind, body.lineId, '修改已执行量');
  const decision = decideDone(line, body.doneQuantity, body.reason);
  if (!decision.ok) throw badRequest(decision.message, decision.field);
  const after = await repo.setLineQuantity(tx, who.userId, line.lineId, 'done_quantity', decision.value.toFixed(4));
  // the correction and its reason stay on record: done is what the plant is paid on
  return {
    reply: after,
    note: { action: 'noticeUpdateDone', family: family.label, docNo: line.noticeNo, detail: `${line.noticeNo} 第${line.seq}行 已执行量 ${tons(line.done)} -> ${tons(after.doneQuantity)}，原因：${body.reason.trim()}` },
  };
}

/** The end time is read before anything is locked: a time that is no time changes nothing. */
export function endTimeOf(body: NoticeEndTimeBody): string {
  const converted = toDateTime(body.endTime);
  if (!converted.ok) throw badRequest('结束时间不是时间，应为 yyyy-MM-dd HH:mm:ss', 'endTime');
  return String(converted.value);
}

export async function correctEndTime(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, family: DocumentFamily, kind: NoticeKind, body: NoticeEndTimeBody) {
  const text = endTimeOf(body);
  // read as the engine stores the form's times, so the period means the same from both roads
  const wanted = await repo.timeOf(tx, text);
  const notice = await repo.lockNotice(tx, who.orgId, kind, body.id);
  if (!notice) throw AppError.of('notFound', `${family.label}不存在: ${body.id}`, 'id');
  const refused = auditedOnly(notice.doc_status, family.label, notice.notice_no, '修改结束时间');
  if (refused) throw badRequest(refused, 'id');
  const decision = decideEndTime(notice.start_time, wanted, new Date());
  if (!decision.ok) throw badRequest(decision.message, decision.field);
  await repo.setEndTime(tx, who.userId, notice.id, decision.value);
  return {
    reply: { id: notice.id, endTime: decision.value.toISOString() },
    note: { action: 'noticeUpdateEndTime', family: family.label, docNo: notice.notice_no, detail: `${notice.notice_no} 结束时间 ${notice.end_time.toISOString()} -> ${decision.value.toISOString()}` },
  };
}
