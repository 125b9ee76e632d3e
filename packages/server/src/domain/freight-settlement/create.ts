import Decimal from 'decimal.js';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { AppError, badRequest } from '../../platform/http/errors';
import { deductFuelAdvances } from '../freight/advances';
import { weighParams } from '../weighing/repo';
import { FREIGHT_KIND_OPTIONS, FS_LABEL, MAX_TICKETS, type FreightKind } from './kinds';
import { priceTickets } from './pricing';
import * as repo from './repo';
import { advancesToDeduct, decideClaim, freightTotals, type FreightTotals } from './rules';
import type { NewCreateBody, PeriodBody } from './wire';

export interface Created { id: string; settleNo: string; totals: FreightTotals; advances: string[] }

const kindLabel = (kind: string) => FREIGHT_KIND_OPTIONS.find((o) => o.value === kind)?.label ?? kind;

export async function checkPeriod(tx: repo.Tx, who: Pick<Who, 'orgId'>, b: PeriodBody): Promise<void> {
  if (new Date(b.periodTo.replace(' ', 'T')) <= new Date(b.periodFrom.replace(' ', 'T'))) throw badRequest('结束时间必须晚于开始时间', 'periodTo');
  if (!(await repo.carrierOfCompany(tx, who.orgId, b.carrierId))) throw badRequest(`承运商不存在: ${b.carrierId}`, 'carrierId');
}

/**
 * The empty draft newCreate fills again (an un-examined settlement, its tickets freed), locked
 * first: the lock order's settlement row, then the tickets.
 */
async function emptyDraft(tx: repo.Tx, who: Pick<Who, 'orgId'>, b: NewCreateBody): Promise<repo.FsHeader> {
  const h = await repo.lockHeader(tx, who.orgId, b.id as string);
  if (!h) throw new AppError(404, `${FS_LABEL}不存在: ${b.id}`, 'id');
  if (h.state !== 'DRAFT' || h.ticketCount > 0) throw badRequest(`${FS_LABEL} ${h.settleNo} 不是空的草稿，不能重新选择磅单`, 'id');
  if (h.kind !== b.kind || h.carrierId !== b.carrierId) throw badRequest(`${FS_LABEL} ${h.settleNo} 的业务类型或承运商与所选不同`, 'carrierId');
  return h;
}

export const periodOf = (b: PeriodBody): repo.Period => ({ kind: b.kind as FreightKind, carrierId: b.carrierId, from: b.periodFrom, to: b.periodTo, materialId: b.materialId ?? null });

/** 可结算磅单 (createList): the carrier's audited tickets of the kind and period in no freight settlement. */
export async function candidateTickets(tx: repo.Tx, who: Pick<Who, 'orgId'>, b: PeriodBody): Promise<repo.FreightTicket[]> {
  await checkPeriod(tx, who, b);
  const found = await repo.candidates(tx, who.orgId, periodOf(b));
  if (found.length > MAX_TICKETS) throw badRequest(`期间内磅单超过${MAX_TICKETS}张，请缩短期间`, 'periodTo');
  return found;
}

/** 生成运费结算 (create): a draft of every candidate of the carrier's period. */
export async function createForPeriod(tx: repo.Tx, who: Pick<Who, 'orgId' | 'userId'>, b: PeriodBody): Promise<{ reply: Created; note: ChangeNote }> {
  const found = await candidateTickets(tx, who, b);
  if (found.length === 0) throw badRequest('期间内没有可结算的磅单', 'periodFrom');
  return createFromTickets(tx, who, { ...b, ticketIds: found.map((t) => t.id) });
}

/**
 * 新建运费结算 (newCreate): a draft from the chosen tickets, in one transaction. Lock order: the
 * tickets in id order, then the carrier's open fuel advances in id order (repo.ts). Each ticket
 * must be of the kind and the carrier, audited and in no freight settlement (the one holding it is
 * named); each is priced by the freight price in force at its completion. The loss charges and the
 * advances deducted become the settlement's adjustment rows; the tickets and advances are claimed.
 */
export async function createFromTickets(tx: repo.Tx, who: Pick<Who, 'orgId' | 'userId'>, b: NewCreateBody): Promise<{ reply: Created; note: ChangeNote }> {
  await checkPeriod(tx, who, b);
  const draft = b.id ? await emptyDraft(tx, who, b) : null;
  const ids = [...new Set(b.ticketIds)].sort((x, y) => Number(x) - Number(y));
  const locked = await repo.lockTickets(tx, who.orgId, ids);
  const refused = decideClaim({ kind: b.kind, kindLabel: kindLabel(b.kind), carrierId: b.carrierId }, ids, locked.claim);
  if (refused) throw badRequest(refused, 'ticketIds');
  const tickets = ids.map((id) => locked.tickets.get(id) as repo.FreightTicket)
    .sort((x, y) => (x.completedAt?.getTime() ?? 0) - (y.completedAt?.getTime() ?? 0) || Number(x.id) - Number(y.id));
  const priced = await priceTickets(tx, who.orgId, tickets);
  if (!priced.ok) throw badRequest(priced.message, 'ticketIds');

  const open = await repo.lockOpenAdvances(tx, who.orgId, b.carrierId);
  const freightLessLoss = priced.value.reduce((s, r) => s.plus(r.freightAmount).minus(r.lossCharge), new Decimal(0));
  const advances = advancesToDeduct(freightLessLoss, open);
  const totals = freightTotals(priced.value, advances, (await weighParams(tx, who.orgId)).payRounding);
  if (!totals.ok) throw badRequest(totals.message, 'ticketIds');

  const header = { materialId: b.materialId ?? null, from: b.periodFrom, to: b.periodTo, remark: b.remark ?? null };
  let id: string;
  let settleNo: string;
  if (draft) {
    ({ id, settleNo } = draft);
    await repo.refillHeader(tx, who.orgId, id, header);
  } else {
    settleNo = await repo.settlementNumber(tx, who.orgId);
    id = await repo.insertHeader(tx, { orgId: who.orgId, settleNo, kind: b.kind as FreightKind, carrierId: b.carrierId, ...header, userId: who.userId });
  }
  const self = { id, no: settleNo };
  const deducted = await deductFuelAdvances(tx, who.orgId, b.carrierId, advances.map((a) => a.id), self);
  // the advances were locked above: all of them are still open
  if (deducted.length !== advances.length) throw new Error(`fuel advances changed under their lock: ${settleNo}`);
  await repo.insertRows(tx, who.orgId, id, priced.value.map((r) => ({
    ...r, unitPriceWithoutTax: new Decimal(r.basisWeight).isZero() ? '0' : new Decimal(r.freightWithoutTax).div(r.basisWeight).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed(),
  })), advances, totals.value.rounding, who.userId);
  const t = totals.value;
  await repo.saveTotals(tx, who.orgId, id, {
    ticketCount: t.ticketCount, totalNet: tickets.reduce((s, x) => s.plus(x.net), new Decimal(0)).toFixed(), totalQuantity: t.totalBasis,
    rowsAmount: t.totalFreight, rowsTax: t.freightTax, rowsAmountExTax: t.freightWithoutTax,
    adjustAmount: new Decimal(t.totalLoss).plus(t.totalFuel).neg().plus(t.rounding.amount).toFixed(), adjustTax: t.rounding.tax, totalAmount: t.payable,
    totalTax: t.payableTax, totalAmountExTax: t.payableWithoutTax,
  }, who.userId);
  const claimed = await repo.claimTickets(tx, who.orgId, ids, self, who.userId);
  if (claimed !== ids.length) throw new Error(`tickets changed under their lock: ${settleNo}`);
  return {
    reply: { id, settleNo, totals: t, advances: advances.map((a) => a.id) },
    note: {
      action: draft ? 'confirmPounds' : 'create', family: FS_LABEL, docNo: settleNo,
      detail: `磅单 ${t.ticketCount} 张；运费 ${t.totalFreight}；亏吨扣款 ${t.totalLoss}；油卡 ${t.totalFuel}${new Decimal(t.rounding.amount).isZero() ? '' : `；取整 ${t.rounding.amount}`}；应付 ${t.payable}`,
    },
  };
}
