import Decimal from 'decimal.js';
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../platform/http/errors';
import { resolvePrice } from '../price/resolve';
import { weighParams } from '../weighing/repo';
import * as repo from './repo';
import type { Tx } from './repo';
import { availableOf, decideFreeze, freezeAmountOf, moneyText } from './rules';

/**
 * The calls other families make to move a customer's money, each inside the caller's transaction
 * and after the caller's own locks (README: lock order): a sales registry freezes its pre-load x
 * price when it takes its hold and gives it back when it lets the hold go; the second weighing
 * turns the freeze into the ticket's amount consumed; a voided ticket gives its consumption back.
 */
type Who = { orgId: string; userId: string | null };

export interface RegistryForMoney {
  id: string;
  code: string;
  noticeLineId: string | null;
  preQuantity: string | null;
}

/**
 * The unit price a sales registry freezes at: the price a truck of its notice line would be
 * completed at now, from the price chain (domain/price/resolve.ts: notice line, contract, price
 * rule); null when no source has one (nothing is frozen).
 */
export async function registryUnitPrice(tx: Tx, orgId: string, registry: Pick<RegistryForMoney, 'noticeLineId'>): Promise<string | null> {
  if (!registry.noticeLineId) return null;
  const line = await repo.registryLine(tx, orgId, registry.noticeLineId);
  if (!line) return null;
  const pick = await resolvePrice(tx, {
    orgId, kind: 'sa', noticeLineId: registry.noticeLineId, materialId: line.materialId, partyId: line.customerId, at: new Date(),
  });
  return pick?.price ?? null;
}

export interface MoneyOutcome {
  /** WARN control's shortfalls: the action went through, the reply carries them */
  warnings: string[];
  /** what each registry's log entry adds, by its number */
  details: Map<string, string>;
}

/**
 * Audit and recover of sales registries: each freezes pre-load x unit price on its customer's
 * account, customers in id order (after the registries' and lines' locks). FORBID with too little
 * available refuses the whole batch naming the shortfall; WARN lets it go with the warning.
 */
export async function freezeForRegistries(tx: Tx, who: Who, registries: RegistryForMoney[]): Promise<MoneyOutcome> {
  const outcome: MoneyOutcome = { warnings: [], details: new Map() };
  const needs: { registry: RegistryForMoney; customerId: string; amount: Decimal }[] = [];
  const rule = registries.length ? (await weighParams(tx, who.orgId)).payRounding : 'halfUp';
  for (const registry of registries) {
    if (!registry.noticeLineId) continue;
    const line = await repo.registryLine(tx, who.orgId, registry.noticeLineId);
    if (!line?.customerId) continue;
    const amount = freezeAmountOf(registry.preQuantity, await registryUnitPrice(tx, who.orgId, registry), rule);
    if (amount.gt(0)) needs.push({ registry, customerId: line.customerId, amount });
  }
  needs.sort((a, b) => Number(a.customerId) - Number(b.customerId));
  let account: repo.LockedAccount | null = null;
  let available = new Decimal(0);
  for (const need of needs) {
    if (account?.customerId !== need.customerId) {
      account = await repo.lockAccount(tx, who.orgId, need.customerId);
      available = availableOf({ ...account, credit: await repo.validCredit(tx, who.orgId, need.customerId) });
    }
    const decision = decideFreeze(account.control, account.customerName, need.amount, available);
    if (!decision.ok) throw badRequest(`登记单 ${need.registry.code}：${decision.message}`, 'ids');
    if (decision.warning) outcome.warnings.push(`登记单 ${need.registry.code}：${decision.warning}`);
    await repo.move(tx, who.orgId, account, {
      kind: 'FREEZE', frozenDelta: need.amount.toFixed(), docKind: 'registry', docId: need.registry.id, docNo: need.registry.code,
    }, who.userId);
    available = available.minus(need.amount);
    outcome.details.set(need.registry.code, `冻结资金 ${moneyText(need.amount)} 元${decision.warning ? '（余额不足，资金控制提醒）' : ''}`);
  }
  return outcome;
}

/**
 * Un-audit and void of sales registries, and a trip that ends without goods (gate-out of a closed
 * trip): whatever each still holds frozen goes back, customers in id order. Nothing held, nothing done.
 */
export async function releaseForRegistries(tx: Tx, who: Who, registries: Pick<RegistryForMoney, 'id' | 'code'>[]): Promise<MoneyOutcome> {
  const outcome: MoneyOutcome = { warnings: [], details: new Map() };
  const held: { registry: Pick<RegistryForMoney, 'id' | 'code'>; customerId: string; frozen: string }[] = [];
  for (const registry of registries) {
    const freeze = await repo.registryFreeze(tx, who.orgId, registry.id);
    if (freeze) held.push({ registry, ...freeze });
  }
  held.sort((a, b) => Number(a.customerId) - Number(b.customerId));
  let account: repo.LockedAccount | null = null;
  for (const h of held) {
    if (account?.customerId !== h.customerId) account = await repo.lockAccount(tx, who.orgId, h.customerId);
    await repo.move(tx, who.orgId, account, {
      kind: 'RELEASE', frozenDelta: new Decimal(h.frozen).negated().toFixed(), docKind: 'registry', docId: h.registry.id, docNo: h.registry.code,
    }, who.userId);
    outcome.details.set(h.registry.code, `释放冻结资金 ${moneyText(h.frozen)} 元`);
  }
  return outcome;
}

/** A ticket as money reads it. */
export interface TicketForMoney {
  id: string;
  ticket_no: string;
  kind: string;
  customer_id: string | null;
  material_id: string | null;
  net: string | null;
  price: string | null;
}

/**
 * Inside the second weighing's transaction, after saveCompletion wrote the ticket's amount: a
 * sales ticket's amount is consumed from its customer's account and its registry's freeze given
 * back, in one statement under the account row's lock (taken after the ticket's and the line's).
 * The truck is loaded: nothing is refused here; the account may go below zero by what it took
 * beyond its freeze. `alongside`: other writes of the completion as top-level CTEs (the grant's
 * draw, domain/licence repo.drawOnLineCtes, its row locked before), carried by the same statement.
 */
export async function consumeAtCompletion(tx: Tx, who: Who, ticket: Pick<TicketForMoney, 'id' | 'kind'>, alongside: RawBuilder<unknown> | null = null): Promise<void> {
  if (ticket.kind === 'sa') return repo.consumeCompleted(tx, who.orgId, ticket.id, who.userId, alongside);
  if (alongside) await sql`WITH ${alongside} SELECT 1`.execute(tx);
}

/** A completed sales ticket voided: what it consumed goes back to the account (its lock is held by the caller). */
export async function reverseConsumption(tx: Tx, who: Who, ticket: Pick<TicketForMoney, 'id' | 'ticket_no' | 'kind'>): Promise<void> {
  if (ticket.kind !== 'sa') return;
  const taken = await repo.ticketConsumption(tx, who.orgId, ticket.id);
  if (!taken) return;
  const account = await repo.lockAccount(tx, who.orgId, taken.customerId);
  await repo.move(tx, who.orgId, account, { kind: 'CONSUME_REVERSED', delta: taken.consumed, docKind: 'ticket', docId: ticket.id, docNo: ticket.ticket_no }, who.userId);
}

/**
 * Return goods (退货): what the original consumed comes back to the account, moved on the return
 * ticket (the original's lock is held by the caller), so voiding the return takes it again through
 * reverseConsumption like any ticket's.
 */
export async function returnConsumption(tx: Tx, who: Who, source: Pick<TicketForMoney, 'id' | 'kind'>, ret: { id: string; ticketNo: string }): Promise<void> {
  if (source.kind !== 'sa') return;
  const taken = await repo.ticketConsumption(tx, who.orgId, source.id);
  if (!taken) return;
  const account = await repo.lockAccount(tx, who.orgId, taken.customerId);
  await repo.move(tx, who.orgId, account, { kind: 'CONSUME_REVERSED', delta: taken.consumed, docKind: 'ticket', docId: ret.id, docNo: ret.ticketNo }, who.userId);
}

/**
 * A completed sales ticket whose amount changed (改价, 扣重): its consumption follows, the
 * difference moved under the account's lock (after the ticket's and its line's). A ticket whose
 * completion consumed nothing from an account is left alone.
 */
export async function followTicketAmount(tx: Tx, who: Who, ticket: Pick<TicketForMoney, 'id' | 'ticket_no' | 'kind'>): Promise<void> {
  if (ticket.kind !== 'sa') return;
  const worth = await repo.ticketWorth(tx, who.orgId, ticket.id);
  if (!worth) return;
  const difference = new Decimal(worth.amount).minus(worth.consumed);
  if (difference.isZero()) return;
  const account = await repo.lockAccount(tx, who.orgId, worth.customerId);
  await repo.move(tx, who.orgId, account, {
    kind: difference.isPositive() ? 'CONSUME' : 'CONSUME_REVERSED', delta: difference.negated().toFixed(), docKind: 'ticket', docId: ticket.id,
    docNo: ticket.ticket_no, materialId: worth.materialId, net: worth.net, price: worth.price,
  }, who.userId);
}

/** 合并: the merged tickets give back what they consumed, the kept one consumes the summed amount. */
export async function followMerge(tx: Tx, who: Who, kept: Pick<TicketForMoney, 'id' | 'ticket_no' | 'kind'>, merged: Pick<TicketForMoney, 'id' | 'ticket_no' | 'kind'>[]): Promise<void> {
  if (kept.kind !== 'sa') return;
  for (const t of merged) await reverseConsumption(tx, who, t);
  await followTicketAmount(tx, who, kept);
}

/** 拆分: each new part consumes its amount from the account the ticket was consumed from; the ticket keeps its share. */
export async function followSplit(tx: Tx, who: Who, source: Pick<TicketForMoney, 'id' | 'ticket_no' | 'kind'>, partIds: string[]): Promise<void> {
  if (source.kind !== 'sa') return;
  const worth = await repo.ticketWorth(tx, who.orgId, source.id);
  if (!worth) return;
  const account = await repo.lockAccount(tx, who.orgId, worth.customerId);
  for (const id of partIds) {
    const part = await repo.ticketFigures(tx, who.orgId, id);
    await repo.move(tx, who.orgId, account, {
      kind: 'CONSUME', delta: new Decimal(part.amount).negated().toFixed(), docKind: 'ticket', docId: id, docNo: part.ticketNo,
      materialId: part.materialId, net: part.net, price: part.price,
    }, who.userId);
  }
  await followTicketAmount(tx, who, source);
}
