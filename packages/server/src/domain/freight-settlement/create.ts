import Decimal from 'decimal.js';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { badRequest } from '../../platform/http/errors';
import { deductFuelAdvances } from '../freight/advances';
import { FREIGHT_KIND_OPTIONS, FS_LABEL, MAX_TICKETS, type FreightKind } from './kinds';
import { priceTickets } from './pricing';
import * as repo from './repo';
import { advancesToDeduct, decideClaim, freightTotals, type FreightTotals } from './rules';
import type { NewCreateBody, PeriodBody } from './wire';

export interface Created { id: string; settleNo: string; totals: FreightTotals; advances: string[] }

const kindLabel = (kind: string) => FREIGHT_KIND_OPTIONS.find((o) => o.value === kind)?.label ?? kind;

async function checkPeriod(tx: repo.Tx, who: Pick<Who, 'orgId'>, b: PeriodBody): Promise<void> {
  if (new Date(b.periodTo.replace(' ', 'T')) <= new Date(b.periodFrom.replace(' ', 'T'))) throw badRequest('结束时间必须晚于开始时间', 'periodTo');
  if (!(await repo.carrierOfCompany(tx, who.orgId, b.carrierId))) throw badRequest(`承运商不存在: ${b.carrierId}`, 'carrierId');
}

const periodOf = (b: PeriodBody): repo.Period => ({ kind: b.kind as FreightKind, carrierId: b.carrierId, from: b.periodFrom, to: b.periodTo, materialId: b.materialId ?? null });

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
  const totals = freightTotals(priced.value, advances);
  if (!totals.ok) throw badRequest(totals.message, 'ticketIds');

  const settleNo = await repo.settlementNumber(tx, who.orgId);
  const id = await repo.insertHeader(tx, {
    orgId: who.orgId, settleNo, kind: b.kind as FreightKind, carrierId: b.carrierId, materialId: b.materialId ?? null,
    from: b.periodFrom, to: b.periodTo, remark: b.remark ?? null, userId: who.userId,
  });
  const self = { id, no: settleNo };
  const deducted = await deductFuelAdvances(tx, who.orgId, b.carrierId, advances.map((a) => a.id), self);
  // the advances were locked above: all of them are still open
  if (deducted.length !== advances.length) throw new Error(`fuel advances changed under their lock: ${settleNo}`);
  await repo.insertRows(tx, who.orgId, id, priced.value.map((r) => ({
    ...r, unitPriceWithoutTax: new Decimal(r.basisWeight).isZero() ? '0' : new Decimal(r.freightWithoutTax).div(r.basisWeight).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed(),
  })), advances, who.userId);
  const t = totals.value;
  await repo.saveTotals(tx, who.orgId, id, {
    ticketCount: t.ticketCount, totalNet: tickets.reduce((s, x) => s.plus(x.net), new Decimal(0)).toFixed(), totalQuantity: t.totalBasis,
    rowsAmount: t.totalFreight, rowsTax: t.freightTax, rowsAmountExTax: t.freightWithoutTax,
    adjustAmount: new Decimal(t.totalLoss).plus(t.totalFuel).neg().toFixed(), totalAmount: t.payable,
    totalAmountExTax: new Decimal(t.freightWithoutTax).minus(t.totalLoss).minus(t.totalFuel).toFixed(),
  }, who.userId);
  const claimed = await repo.claimTickets(tx, who.orgId, ids, self, who.userId);
  if (claimed !== ids.length) throw new Error(`tickets changed under their lock: ${settleNo}`);
  return {
    reply: { id, settleNo, totals: t, advances: advances.map((a) => a.id) },
    note: {
      action: 'create', family: FS_LABEL, docNo: settleNo,
      detail: `磅单 ${t.ticketCount} 张；运费 ${t.totalFreight}；亏吨扣款 ${t.totalLoss}；油卡 ${t.totalFuel}；应付 ${t.payable}`,
    },
  };
}
