import Decimal from 'decimal.js';
import { ceilingOf, ceilingProblem } from '@wb/protocol';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { weighParams } from '../weighing/repo';
import { toTons } from '../weighing/rules/units';
import { refuseUnderApproval } from '../workflow/gate';
import { PLAN_PREFIX } from './kinds';
import * as repo from './plan-repo';
import { freightOfTicket, type FreightRow } from './rules';

/**
 * A freight plan's own actions, each in the caller's transaction with one log entry a plan: the
 * pound list edited (poundListedit), fixed with the freight figures (confirmPounds) and cleared
 * for recalculation (clearForCal); remittances to the carrier; fuel-card advances (confirmOil);
 * the urgent flag (iurgent); where the goods are stored (storage). Lock order: the plan's row,
 * then its tickets in id order.
 */
type Tx = Kysely<DB>;
type W = Pick<Who, 'orgId' | 'userId'>;
const FAMILY = '运费计划';
const WEIGHED = new Set(['COMPLETED', 'AUDITED', 'POSTED']);
const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).toFixed();

function liveOnly(plan: repo.PlanRow): void {
  if (plan.docStatus === 'OBSOLETE') throw badRequest(`运费计划 ${plan.planNo} 已作废`, 'id');
}
/** A plan in approval (domain/workflow, declared in module.ts) takes no edit of its own calls either. */
const notInApproval = (tx: Tx, who: W, plan: repo.PlanRow, what: string) =>
  refuseUnderApproval(tx, who, PLAN_PREFIX, '运费计划', 'update', [{ id: plan.id, code: plan.planNo }], what);

function auditedOnly(plan: repo.PlanRow, what: string): void {
  if (plan.docStatus !== 'AUDITED') throw badRequest(`运费计划 ${plan.planNo} 未审核，不能${what}`, 'id');
}

/** The tickets a plan may cover: the company's, of its kind and carrier (and material, when it names one), weighed to the end. */
export function ticketProblem(plan: repo.PlanRow, t: repo.PlanTicketFacts): string | null {
  if (t.kind !== plan.kind) return `磅单 ${t.ticketNo} 的业务类型与运费计划不同`;
  if (t.carrierId !== plan.carrierId) return `磅单 ${t.ticketNo} 的承运商不是运费计划的承运商`;
  if (plan.materialId !== null && t.materialId !== plan.materialId) return `磅单 ${t.ticketNo} 的物料不是运费计划的物料`;
  if (!WEIGHED.has(t.state) || t.net === null) return `磅单 ${t.ticketNo} 未完成称重`;
  return null;
}

export async function editPoundList(tx: Tx, who: W, body: { id: string; ticketIds: string[] }) {
  const plan = await repo.lockPlan(tx, who.orgId, body.id);
  liveOnly(plan);
  await notInApproval(tx, who, plan, '编辑磅单');
  if (plan.confirmedAt) throw badRequest(`运费计划 ${plan.planNo} 的磅单已确认，请先清除计算`, 'id');
  const wanted = [...new Set(body.ticketIds)];
  const tickets = await repo.lockTickets(tx, who.orgId, wanted);
  const missing = wanted.find((id) => !tickets.some((t) => t.id === id));
  if (missing) throw badRequest(`磅单不存在: ${missing}`, 'ticketIds');
  for (const t of tickets) {
    const problem = ticketProblem(plan, t);
    if (problem) throw badRequest(problem, 'ticketIds');
  }
  const current = await repo.planTicketIds(tx, plan.id);
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  await repo.removePlanTickets(tx, plan.id, removed);
  const inserted = await repo.addPlanTickets(tx, who.orgId, plan.id, added, who.userId);
  if (inserted.length !== added.length) {
    const held = await repo.holdingPlans(tx, added.filter((id) => !inserted.includes(id)));
    throw badRequest(held.map((h) => `磅单 ${h.ticketNo} 已在运费计划 ${h.planNo} 中`).join('；'), 'ticketIds');
  }
  await repo.renumberPlanTickets(tx, plan.id, wanted);
  await repo.touchPlan(tx, plan.id, who.userId, sql`plan_no = plan_no`);
  const no = (ids: string[]) => ids.map((id) => tickets.find((t) => t.id === id)?.ticketNo ?? id).join('、');
  const note: ChangeNote = {
    action: 'poundListedit', family: FAMILY, docNo: plan.planNo,
    detail: `磅单 ${current.length} -> ${wanted.length} 张${added.length ? `；加入 ${no(added)}` : ''}${removed.length ? `；移出 ${removed.length} 张` : ''}`,
  };
  return { reply: { id: plan.id, planNo: plan.planNo, ticketCount: wanted.length }, note };
}

/** Each ticket's freight under the plan's price and terms, its weights in tons, the goods' price with quality's change. */
export async function confirmPounds(tx: Tx, who: W, ids: string[]) {
  const params = await weighParams(tx, who.orgId);
  const done: { id: string; planNo: string; freightTotal: string; lossChargeTotal: string; tickets: number }[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => Number(a) - Number(b))) {
    const plan = await repo.lockPlan(tx, who.orgId, id);
    auditedOnly(plan, '确认磅单');
    if (plan.confirmedAt) throw badRequest(`运费计划 ${plan.planNo} 的磅单已确认`, 'ids');
    const ticketIds = await repo.planTicketIds(tx, plan.id);
    if (!ticketIds.length) throw badRequest(`运费计划 ${plan.planNo} 没有磅单`, 'ids');
    const tickets = await repo.lockTickets(tx, who.orgId, ticketIds);
    // a ticket may have been voided, or its carrier corrected, since it was listed
    for (const t of tickets) {
      const problem = ticketProblem(plan, t);
      if (problem) throw badRequest(`${problem}，请编辑运费计划 ${plan.planNo} 的磅单`, 'ids');
    }
    const terms = { basis: plan.basis, chargeMode: plan.chargeMode, price: plan.price ?? '0', taxRate: plan.taxRate, distanceKm: plan.distanceKm, lossMode: plan.lossMode, lossValue: plan.lossValue };
    const rows: { ticketId: string; row: FreightRow }[] = tickets.map((t) => ({
      ticketId: t.id,
      row: freightOfTicket(terms, {
        net: toTons(t.net ?? 0, params.weightUnit).toFixed(), shipped: t.shipped === null ? null : toTons(t.shipped, params.weightUnit).toFixed(),
        goodsPrice: new Decimal(t.price ?? 0).plus(t.qualityPriceAdjust).toFixed(),
      }),
    }));
    await repo.writeTicketFigures(tx, plan.id, rows);
    const freightTotal = sum(rows.map((r) => r.row.freight));
    const lossChargeTotal = sum(rows.map((r) => r.row.lossCharge));
    await repo.touchPlan(tx, plan.id, who.userId, sql`pounds_confirmed_at = now(), pounds_confirmed_by = ${who.userId}::bigint,
      freight_total = ${freightTotal}::numeric, loss_charge_total = ${lossChargeTotal}::numeric`);
    done.push({ id: plan.id, planNo: plan.planNo, freightTotal, lossChargeTotal, tickets: rows.length });
  }
  const notes: ChangeNote[] = done.map((d) => ({
    action: 'confirmPounds', family: FAMILY, docNo: d.planNo, detail: `确认磅单 ${d.tickets} 张：运费 ${d.freightTotal}，亏吨扣款 ${d.lossChargeTotal}`,
  }));
  return { reply: { count: done.length, plans: done }, notes };
}

/** The figures and the confirmation go, so the list can change and be confirmed again; not while a freight settlement holds a ticket. */
export async function clearForCalculation(tx: Tx, who: W, ids: string[]) {
  const done: { id: string; planNo: string }[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => Number(a) - Number(b))) {
    const plan = await repo.lockPlan(tx, who.orgId, id);
    if (!plan.confirmedAt) throw badRequest(`运费计划 ${plan.planNo} 的磅单未确认`, 'ids');
    const held = (await repo.lockTickets(tx, who.orgId, await repo.planTicketIds(tx, plan.id))).find((t) => t.freightSettledByNo !== null);
    if (held) throw badRequest(`磅单 ${held.ticketNo} 已被运费结算 ${held.freightSettledByNo} 锁定，不能清除计算`, 'ids');
    await repo.clearTicketFigures(tx, plan.id);
    await repo.touchPlan(tx, plan.id, who.userId, sql`pounds_confirmed_at = NULL, pounds_confirmed_by = NULL, freight_total = NULL, loss_charge_total = NULL`);
    done.push({ id: plan.id, planNo: plan.planNo });
  }
  const notes: ChangeNote[] = done.map((d) => ({ action: 'clearForCal', family: FAMILY, docNo: d.planNo, detail: '清除磅单确认与运费计算' }));
  return { reply: { count: done.length }, notes };
}

/** Money paid to the carrier is within the company's payment ceiling (parameter paymentCeiling), else a 400 naming it. */
async function withinCeiling(tx: Tx, orgId: string, label: string, document: string, amount: string): Promise<void> {
  const problem = ceilingProblem(label, document, amount, ceilingOf(await weighParams(tx, orgId), 'payment'));
  if (problem) throw badRequest(problem, 'amount');
}

export async function addRemittance(tx: Tx, who: W, body: { id: string; amount: string; paidAt?: string; method: string; reference?: string; remark?: string }) {
  await withinCeiling(tx, who.orgId, '汇款金额', '汇款', body.amount);
  const plan = await repo.lockPlan(tx, who.orgId, body.id);
  auditedOnly(plan, '汇款');
  const remittanceId = await repo.insertRemittance(tx, who.orgId, plan, {
    amount: body.amount, paidAt: body.paidAt ? new Date(body.paidAt) : new Date(), method: body.method, reference: body.reference ?? null, remark: body.remark ?? null,
  }, who.userId);
  const money = await repo.planMoney(tx, plan.id);
  const note: ChangeNote = { action: 'remittance', family: FAMILY, docNo: plan.planNo, detail: `汇款 ${body.amount}（${body.method}${body.reference ? ` ${body.reference}` : ''}），累计 ${money.remitted}` };
  return { reply: { id: remittanceId, planId: plan.id, remitted: money.remitted }, note };
}

export async function confirmFuelAdvance(tx: Tx, who: W, id: string, body: { cardNo: string; amount: string; remark?: string }) {
  await withinCeiling(tx, who.orgId, '油卡金额', '油卡预付', body.amount);
  const plan = await repo.lockPlan(tx, who.orgId, id);
  auditedOnly(plan, '确认油卡');
  const advanceId = await repo.insertFuelAdvance(tx, who.orgId, plan, { cardNo: body.cardNo, amount: body.amount, remark: body.remark ?? null }, who.userId);
  const money = await repo.planMoney(tx, plan.id);
  const note: ChangeNote = { action: 'confirmOil', family: FAMILY, docNo: plan.planNo, detail: `油卡 ${body.cardNo} 预付 ${body.amount}，累计 ${money.advanced}` };
  return { reply: { id: advanceId, planId: plan.id, advanced: money.advanced }, note };
}

export async function setUrgent(tx: Tx, who: W, id: string, body: { urgent?: boolean }) {
  const plan = await repo.lockPlan(tx, who.orgId, id);
  liveOnly(plan);
  await notInApproval(tx, who, plan, '加急');
  const urgent = body.urgent ?? !plan.urgent;
  await repo.touchPlan(tx, plan.id, who.userId, sql`urgent = ${urgent}`);
  const word = (b: boolean) => (b ? '加急' : '普通');
  const note: ChangeNote = { action: 'iurgent', family: FAMILY, docNo: plan.planNo, detail: `${word(plan.urgent)} -> ${word(urgent)}` };
  return { reply: { id: plan.id, urgent }, note };
}

export async function setStorage(tx: Tx, who: W, body: { id: string; warehouseId: string | null }) {
  const plan = await repo.lockPlan(tx, who.orgId, body.id);
  liveOnly(plan);
  await notInApproval(tx, who, plan, '修改存储仓库');
  const after = await repo.warehouseName(tx, who.orgId, body.warehouseId);
  if (after === undefined) throw badRequest(`仓库不存在: ${body.warehouseId}`, 'warehouseId');
  const before = await repo.warehouseName(tx, who.orgId, plan.warehouseId);
  await repo.touchPlan(tx, plan.id, who.userId, sql`warehouse_id = ${body.warehouseId}::bigint`);
  const note: ChangeNote = { action: 'storage', family: FAMILY, docNo: plan.planNo, detail: `存储仓库：${before ?? '无'} -> ${after ?? '无'}` };
  return { reply: { id: plan.id, warehouseId: body.warehouseId }, note };
}
