import Decimal from 'decimal.js';
import type { DocStatus, Transition } from '../../platform/documents/lifecycle';
import { tons } from './quantity-rules';

/**
 * A notice's lifecycle and the edits an audited notice still takes (domain notes: Lifecycles):
 * draft -> audited -> (closed | obsolete). Pure: the engine's routes, the buttons and the tests
 * read the same table; what the trucks have done is read under lock and handed in as facts.
 */

/** What the notice's lines carry, summed: the facts a transition's guard looks at. */
export interface NoticeFacts {
  done: Decimal.Value;
  inTransit: Decimal.Value;
}

/**
 * Guards on what the trucks did: `nothingMoved` (no done, nothing in transit) lets the audit be
 * withdrawn, as a document others relied on cannot be; `noTrucksOnTheWay` keeps a truck already
 * dispatched from finding its notice voided or closed under it.
 */
export type NoticeGuard = 'nothingMoved' | 'noTrucksOnTheWay';

export interface NoticeTransition extends Transition {
  guard?: NoticeGuard;
}

export const noticeLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' } },
  unaudit: { from: ['AUDITED'], change: { status: 'FREE' }, guard: 'nothingMoved' },
  close: { from: ['AUDITED'], change: { status: 'CLOSED' }, guard: 'noTrucksOnTheWay' },
  reopen: { from: ['CLOSED'], change: { status: 'AUDITED' } },
  obsolete: { from: ['FREE', 'AUDITED', 'CLOSED'], change: { status: 'OBSOLETE' }, guard: 'noTrucksOnTheWay' },
  recover: { from: ['OBSOLETE'], change: { status: 'FREE' } },
  update: { from: ['FREE'], change: {} },
  delete: { from: ['FREE'], change: {} },
} as const satisfies Record<string, NoticeTransition>;

export type NoticeAction = keyof typeof noticeLifecycle;

/** The refusal of a guarded action, naming the notice and the quantities that stand in the way; null when allowed. */
export function guardProblem(action: string, noticeNo: string, label: string, facts: NoticeFacts): string | null {
  const guard = (noticeLifecycle as Record<string, NoticeTransition>)[action]?.guard;
  const done = new Decimal(facts.done);
  const inTransit = new Decimal(facts.inTransit);
  if (guard === 'nothingMoved' && (done.greaterThan(0) || inTransit.greaterThan(0))) {
    return `${label} ${noticeNo} 已执行 ${tons(done)} 吨、在途 ${tons(inTransit)} 吨，不能反审核`;
  }
  if (guard === 'noTrucksOnTheWay' && inTransit.greaterThan(0)) {
    const word = action === 'close' ? '关闭' : '作废';
    return `${label} ${noticeNo} 尚有在途车辆（在途 ${tons(inTransit)} 吨），不能${word}`;
  }
  return null;
}

/** The ceiling a line gets unless one is typed: quantity x (1 + control rate / 100). */
export function defaultMaxLimit(quantity: Decimal.Value, controlRate: Decimal.Value | null): Decimal {
  return new Decimal(quantity).times(new Decimal(1).plus(new Decimal(controlRate ?? 0).dividedBy(100))).toDecimalPlaces(4);
}

/** What a line holds, as the quantity edits read it under the line's lock. */
export interface LineState {
  seq: number;
  maxLimit: Decimal.Value;
  minLimit: Decimal.Value | null;
  done: Decimal.Value;
  inTransit: Decimal.Value;
  quantityControl: boolean;
}

export type EditDecision<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

const refuse = <T>(field: string, message: string): EditDecision<T> => ({ ok: false, field, message });

/** The notice must be audited for its quantities and period to be corrected (a draft is simply edited). */
export function auditedOnly(status: DocStatus, label: string, noticeNo: string, word: string): string | null {
  if (status === 'AUDITED') return null;
  const now = { FREE: '未审核，请直接修改', CLOSED: '已关闭', OBSOLETE: '已作废' }[status as 'FREE' | 'CLOSED' | 'OBSOLETE'];
  return `${label} ${noticeNo} ${now}，不能${word}`;
}

/**
 * A new ceiling: never below what is done and on the way (the trucks already have it), and not
 * below the line's floor.
 */
export function decideMaxLimit(line: LineState, wanted: Decimal.Value): EditDecision<Decimal> {
  const max = new Decimal(wanted);
  if (max.lessThanOrEqualTo(0)) return refuse('maxLimit', '最大限量必须大于0');
  const used = new Decimal(line.done).plus(line.inTransit);
  if (max.lessThan(used)) {
    return refuse('maxLimit', `第${line.seq}行 最大限量 ${tons(max)} 吨不能小于已执行 ${tons(line.done)} 吨与在途 ${tons(line.inTransit)} 吨之和 ${tons(used)} 吨`);
  }
  if (line.minLimit !== null && max.lessThan(line.minLimit)) {
    return refuse('maxLimit', `第${line.seq}行 最大限量 ${tons(max)} 吨不能小于最小限量 ${tons(line.minLimit)} 吨`);
  }
  return { ok: true, value: max };
}

/**
 * A correction of done (a weighing entered by hand elsewhere, a count taken back): never below
 * zero, and under quantity control done plus what is on the way stays within the ceiling.
 */
export function decideDone(line: LineState, wanted: Decimal.Value, reason: string): EditDecision<Decimal> {
  if (reason.trim() === '') return refuse('reason', '修改原因不能为空！');
  const done = new Decimal(wanted);
  if (done.isNegative()) return refuse('doneQuantity', '已执行量不能小于0');
  if (line.quantityControl && done.plus(line.inTransit).greaterThan(line.maxLimit)) {
    return refuse('doneQuantity', `第${line.seq}行 已执行 ${tons(done)} 吨加在途 ${tons(line.inTransit)} 吨超过最大限量 ${tons(line.maxLimit)} 吨`);
  }
  return { ok: true, value: done };
}

/** A new end of the period: after its start, and not already past (a notice is extended, not ended backwards). */
export function decideEndTime(start: Date, wanted: Date, now: Date): EditDecision<Date> {
  if (wanted.getTime() <= start.getTime()) return refuse('endTime', '结束时间必须晚于开始时间');
  if (wanted.getTime() <= now.getTime()) return refuse('endTime', '结束时间不能早于当前时间');
  return { ok: true, value: wanted };
}

/** A line as the form sends it, checked across its own fields. */
export interface LineValues {
  quantity: string | null;
  controlRate: string | null;
  maxLimit: string | null;
  minLimit: string | null;
  warehouseId: string | null;
  toWarehouseId: string | null;
}

export function lineProblems(v: LineValues, kind: string): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (v.quantity !== null && new Decimal(v.quantity).lessThanOrEqualTo(0)) problems.push({ field: 'quantity', message: '数量必须大于0' });
  const max = v.maxLimit !== null ? new Decimal(v.maxLimit) : v.quantity !== null ? defaultMaxLimit(v.quantity, v.controlRate) : null;
  if (v.maxLimit !== null && new Decimal(v.maxLimit).lessThanOrEqualTo(0)) problems.push({ field: 'maxLimit', message: '最大限量必须大于0' });
  if (max && v.minLimit !== null && new Decimal(v.minLimit).greaterThan(max)) {
    problems.push({ field: 'minLimit', message: `最小限量 ${tons(v.minLimit)} 吨不能大于最大限量 ${tons(max)} 吨` });
  }
  if (kind === 'tr' && v.warehouseId !== null && v.warehouseId === v.toWarehouseId) {
    problems.push({ field: 'toWarehouseId', message: '调入仓库不能与调出仓库相同' });
  }
  return problems;
}

/**
 * A stored line the form rewrites or drops: the rewritten ceiling keeps room for what is done and
 * on the way, and a line trucks have used cannot go.
 */
export function storedLineProblem(line: LineState, newMax: Decimal | null): string | null {
  const used = new Decimal(line.done).plus(line.inTransit);
  if (newMax === null) {
    return used.greaterThan(0) ? `第${line.seq}行 已执行 ${tons(line.done)} 吨、在途 ${tons(line.inTransit)} 吨，不能删除` : null;
  }
  if (line.quantityControl && newMax.lessThan(used)) {
    return `最大限量 ${tons(newMax)} 吨不能小于已执行 ${tons(line.done)} 吨与在途 ${tons(line.inTransit)} 吨之和 ${tons(used)} 吨`;
  }
  return null;
}
