import Decimal from 'decimal.js';
import type { Transition } from '../../platform/documents/lifecycle';

/**
 * A contract's decisions, pure: its lifecycle as one table, the room a line leaves the notices
 * drawing on it, what an amendment may change, and the checks across a header's or a quality
 * term's fields. What the notices did is read under lock (repo.ts) and handed in as facts.
 */

const tons = (v: Decimal.Value) => new Decimal(v).toFixed();

/** `nothingDrawn`: the audit is withdrawn only while no notice line is drawn on the contract. */
export type ContractGuard = 'nothingDrawn';

export interface ContractTransition extends Transition {
  guard?: ContractGuard;
}

/**
 * 草稿 FREE -audit-> 生效 AUDITED -close-> 已关闭 CLOSED | -terminate-> 已终止 TERMINATED; a contract
 * in force is changed by an amendment (补充协议), never edited, and its audit withdrawn only while
 * no notice relies on it.
 */
export const contractLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' } },
  unaudit: { from: ['AUDITED'], change: { status: 'FREE' }, guard: 'nothingDrawn' },
  close: { from: ['AUDITED'], change: { status: 'CLOSED' } },
  terminate: { from: ['AUDITED'], change: { status: 'TERMINATED' } },
  obsolete: { from: ['FREE'], change: { status: 'OBSOLETE' } },
  recover: { from: ['OBSOLETE'], change: { status: 'FREE' } },
  update: { from: ['FREE'], change: {}, hint: { AUDITED: '请通过补充协议变更' } },
  delete: { from: ['FREE'], change: {} },
} as const satisfies Record<string, ContractTransition>;

/** An amendment is written, then audited (applied to its contract) once; a draft may be voided. */
export const amendLifecycle = {
  audit: { from: ['FREE'], change: { status: 'AUDITED' } },
  obsolete: { from: ['FREE'], change: { status: 'OBSOLETE' } },
  recover: { from: ['OBSOLETE'], change: { status: 'FREE' } },
  update: { from: ['FREE'], change: {} },
  delete: { from: ['FREE'], change: {} },
} as const satisfies Record<string, Transition>;

/** The refusal of a guarded contract action, naming the contract and what stands in the way; null when allowed. */
export function contractGuardProblem(action: string, label: string, contractNo: string, drawnLines: number): string | null {
  const guard = (contractLifecycle as Record<string, ContractTransition>)[action]?.guard;
  if (guard === 'nothingDrawn' && drawnLines > 0) return `${label} ${contractNo} 已有 ${drawnLines} 条通知单明细引用，不能反审核`;
  return null;
}

/** What notices may draw on a line: its quantity plus the tolerance (溢短装). */
export function roomOf(quantity: Decimal.Value, tolerance: Decimal.Value): Decimal {
  return new Decimal(quantity).times(new Decimal(1).plus(new Decimal(tolerance).dividedBy(100))).toDecimalPlaces(4);
}

export interface DrawFacts {
  contractNo: string;
  seq: number;
  quantity: Decimal.Value;
  tolerance: Decimal.Value;
  /** what the other notices' lines already draw on it */
  drawnElsewhere: Decimal.Value;
}

/** The notice's lines on one contract line, together, within its room; null when they fit. */
export function drawProblem(f: DrawFacts, drawnHere: Decimal.Value): string | null {
  const room = roomOf(f.quantity, f.tolerance);
  const total = new Decimal(f.drawnElsewhere).plus(drawnHere);
  if (total.lessThanOrEqualTo(room)) return null;
  const left = Decimal.max(0, room.minus(f.drawnElsewhere));
  return `超出合同 ${f.contractNo} 第${f.seq}行可下达量：合同数量 ${tons(f.quantity)} 吨（溢短装 ${tons(f.tolerance)}%）可下达 ${tons(room)} 吨，`
    + `其他通知单已下达 ${tons(f.drawnElsewhere)} 吨，剩余 ${tons(left)} 吨，本单 ${tons(drawnHere)} 吨`;
}

/** The contract as a notice line drawing on it sees it. */
export interface DrawnContract {
  contractNo: string;
  kind: string;
  status: string;
  partyId: string | null;
  materialId: string;
  validFrom: string;
  validTo: string;
}

/** The notice the line belongs to, as the form writes it. */
export interface DrawingNotice {
  kind: string;
  partyId: string | null;
  materialId: string | null;
  /** the period's first and last day, yyyy-MM-dd in the plant's time zone */
  startDay: string | null;
  endDay: string | null;
}

/**
 * A notice draws on a contract line of its own kind and party, for the line's material, while the
 * contract is in force; its period lies within the contract's validity (whole days: a contract
 * valid to the 31st covers a notice ending on the 31st at 23:59).
 */
export function drawMismatch(c: DrawnContract, n: DrawingNotice): string | null {
  const name = `合同 ${c.contractNo}`;
  if (c.kind !== n.kind) return `${name} 不是本类通知单的合同`;
  if (c.status !== 'AUDITED') return `${name} 未生效（须为已审核），不能下达`;
  if (n.partyId !== null && c.partyId !== n.partyId) return `${name} 的合同方与本通知单不同`;
  if (n.materialId !== null && c.materialId !== n.materialId) return `${name} 该行的物料与本明细不同`;
  if (n.startDay !== null && n.startDay < c.validFrom) return `通知单开始时间早于${name} 的有效期（${c.validFrom} 至 ${c.validTo}）`;
  if (n.endDay !== null && n.endDay > c.validTo) return `通知单结束时间晚于${name} 的有效期（${c.validFrom} 至 ${c.validTo}）`;
  return null;
}

/** A contract line as an amendment finds it under the contract's lock. */
export interface AmendedLine {
  seq: number;
  quantity: Decimal.Value;
  /** what the notices draw on it */
  drawn: Decimal.Value;
}

/**
 * An amendment never takes a line below what notices drew on it: the new quantity (or the old one
 * under a new tolerance) with the tolerance must still cover the drawn quantity.
 */
export function amendProblem(contractNo: string, line: AmendedLine, newQuantity: Decimal.Value | null, tolerance: Decimal.Value): string | null {
  const quantity = newQuantity ?? line.quantity;
  const room = roomOf(quantity, tolerance);
  if (room.greaterThanOrEqualTo(line.drawn)) return null;
  return `合同 ${contractNo} 第${line.seq}行 数量 ${tons(quantity)} 吨（溢短装 ${tons(tolerance)}%）可下达 ${tons(room)} 吨，少于通知单已下达的 ${tons(line.drawn)} 吨`;
}

type Problem = { field: string; message: string };
const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** A header across its fields: validity in order, credit days with credit terms. */
export function headerProblems(v: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const from = text(v.validFrom);
  const to = text(v.validTo);
  if (from && to && to < from) problems.push({ field: 'validTo', message: '有效期至不能早于有效期起' });
  if (v.paymentTerms === 'CREDIT' && text(v.creditDays) === null) problems.push({ field: 'creditDays', message: '账期付款须填写账期天数' });
  return problems;
}

/** Prepaid terms carry no credit days (a switch back from credit clears them). */
export function normaliseHeader(v: Record<string, unknown>): Record<string, unknown> {
  return v.paymentTerms === 'PREPAID' ? { ...v, creditDays: null } : v;
}

/** One quality term: the deduction and the price band each given whole, a reject limit beyond the standard. */
export function qualityProblems(v: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const pair = (a: string, b: string, message: string) => {
    if ((text(v[a]) === null) !== (text(v[b]) === null)) problems.push({ field: text(v[a]) === null ? a : b, message });
  };
  pair('deductStep', 'deductPercent', '扣重规则须同时填写每超出量与扣重比例');
  pair('bandStep', 'bandPrice', '价格档须同时填写档距与每档调价');
  const standard = text(v.standardValue);
  const reject = text(v.rejectLimit);
  if (standard !== null && reject !== null) {
    const beyond = v.direction === 'MIN' ? new Decimal(reject).lessThan(standard) : new Decimal(reject).greaterThan(standard);
    if (!beyond) problems.push({ field: 'rejectLimit', message: v.direction === 'MIN' ? '拒收限值须低于标准值' : '拒收限值须高于标准值' });
  }
  return problems;
}
