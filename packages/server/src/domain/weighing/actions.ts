import Decimal from 'decimal.js';
import { uploadPurchaseTicket } from '../uploads/emit';
import { sql } from 'kysely';
import type { DeductBody, DeductPreview, WeighParams } from '@wb/protocol';
import type { ChangeNote } from '../../platform/audit/log';
import { AppError, badRequest, badRequestWith } from '../../platform/http/errors';
import { giveBackGrant, redrawGrant } from '../licence/draw';
import { completeOnLine, releaseOnLine, reserveOnLine, uncompleteOnLine } from '../notice/quantity';
import { postTicketStock, reverseTicketStock } from '../stock/posting';
import { followTicketAmount, reverseConsumption } from '../money/ledger';
import type { Who } from '../../platform/auth/who';
import { TICKET_KIND_INFO, type TicketKind } from './kinds';
import * as repo from './repo';
import type { Runner, TicketRow, Tx } from './repo';
import { basisAmount } from './rules/amount';
import { computeNet, type Deduction, deductionsBeyondLoad, knownLoad, readDeduction } from './rules/net';
import { deductNote, printNote, stateWords, ticketNote } from './log-notes';
import { countPrint } from './print/repo';
import { emitEvent } from '../../platform/events/emit';
import { decideTicketAction, type TicketAction, type TicketState } from './rules/transitions';
import { ticketFacts } from './second';
import { manualTicketGate } from './approval';

/**
 * The ticket's own actions on a batch of ids, all or nothing: the rows locked in id order, each
 * decided on the transition table (rules/transitions.ts) and refused by name, then what the action
 * moves besides the state: the notice line's quantities, the stock records, the print count.
 */
export type BatchAction = 'audit' | 'unaudit' | 'down' | 'reversedown' | 'obsolete' | 'recover' | 'print';
export const BATCH_ACTIONS: readonly BatchAction[] = ['audit', 'unaudit', 'down', 'reversedown', 'obsolete', 'recover', 'print'];

export interface BatchResult { count: number; warnings: string[] }

/** A use case's answer and its operation-log entries (one per ticket it changed). */
export interface Noted<R> { reply: R; notes: ChangeNote[] }

/**
 * The batch's tickets of this kind and company, locked in id order (so two batches cannot deadlock).
 * `alsoLock` are tickets the batch's actions lock besides (a return's original): taken in the same
 * id order, not answered.
 */
export async function lockTickets(tx: Tx, who: Pick<Who, 'orgId'>, kind: TicketKind, ids: string[], alsoLock: string[] = []): Promise<TicketRow[]> {
  const wanted = new Set(ids);
  const unique = [...new Set([...ids, ...alsoLock])].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const rows: TicketRow[] = [];
  for (const id of unique) {
    const t = await repo.lockTicket(tx, who.orgId, id);
    if (!wanted.has(id)) continue;
    if (!t || t.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'ids');
    rows.push(t);
  }
  return rows;
}

/** Decides every row first, so a refusal leaves the whole batch untouched. */
async function decideAll(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, rows: TicketRow[], action: TicketAction): Promise<TicketState[]> {
  const next: TicketState[] = [];
  for (const t of rows) {
    const facts = await ticketFacts(tx, who.orgId, t, false);
    // a voided ticket comes back as a first weighing; one that had its net gave it back when voided (the table's hasNet)
    const d = decideTicketAction(facts, action);
    if (!d.ok) throw badRequest(d.message, 'ids');
    next.push(d.next);
  }
  return next;
}

/**
 * `viaApproval`: the final approval of a manual ticket's flow audits it (approval.ts); every other
 * caller asks the approval gate first (a manual ticket in approval takes no change, nor the audit
 * button while its type has a flow). Printing changes nothing and is not asked.
 */
export async function runBatch(
  tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: TicketKind, action: BatchAction, ids: string[], opts: { viaApproval?: boolean } = {},
): Promise<Noted<BatchResult>> {
  // a return's posting locks its original (stock/posting.ts): locked here first, in the batch's id order
  const originals = action === 'down' ? await repo.returnSources(tx, who.orgId, ids) : [];
  const rows = await lockTickets(tx, who, kind, ids, originals);
  if (action !== 'print' && !opts.viaApproval) await manualTicketGate(tx, who, kind, action, rows);
  const next = await decideAll(tx, who, rows, action);
  const warnings: string[] = [];
  const notes: ChangeNote[] = [];
  // posted oldest first and taken back newest first: a return (always the younger) after its original, and back before it
  const order = action === 'reversedown' ? [...rows.entries()].reverse() : [...rows.entries()];
  for (const [i, t] of order) {
    const state = repo.STATE_TO_DB[next[i] as TicketState];
    if (action !== 'print') notes.push(ticketNote(kind, action, t.ticket_no, stateWords(t.state, state)));
    switch (action) {
      case 'audit':
        await repo.updateTicket(tx, who.orgId, t.id, { state, audited_at: new Date(), audited_by: who.userId, updated_by: who.userId });
        break;
      case 'unaudit':
        await repo.updateTicket(tx, who.orgId, t.id, { state, audited_at: null, audited_by: null, updated_by: who.userId });
        break;
      case 'down':
        warnings.push(...(await postTicketStock(tx, who.orgId, t.id, who.userId)).warnings);
        await repo.updateTicket(tx, who.orgId, t.id, { state, posted_at: new Date(), updated_by: who.userId });
        break;
      case 'reversedown':
        await reverseTicketStock(tx, who.orgId, t.id, who.userId);
        await repo.updateTicket(tx, who.orgId, t.id, { state, posted_at: null, updated_by: who.userId });
        break;
      case 'obsolete':
        await giveBackQuantities(tx, who, t);
        await giveBackGrant(tx, who.orgId, t);
        await reverseConsumption(tx, who, t);
        await repo.updateTicket(tx, who.orgId, t.id, { state, updated_by: who.userId });
        await emitEvent(tx, {
          orgId: who.orgId, type: 'ticket.voided', key: t.ticket_no, userId: who.userId,
          payload: { ticketId: t.id, ticketNo: t.ticket_no, kind, plateNumber: t.plate_number, previousState: t.state },
        });
        // SAP takes back the goods receipt of a purchase ticket it was told of (domain/uploads)
        if (t.net !== null) await uploadPurchaseTicket(tx, who, { id: t.id, kind, ticketNo: t.ticket_no }, 'VOIDED');
        break;
      case 'recover':
        if (t.notice_line_id && new Decimal(t.reserved_quantity).gt(0)) await reserveOnLine(tx, who.orgId, t.notice_line_id, t.reserved_quantity);
        await recoverTicket(tx, who, t, state);
        break;
      case 'print':
        notes.push(printNote(kind, t.ticket_no, await countPrint(tx, who.orgId, t.id)));
        break;
    }
  }
  return { reply: { count: rows.length, warnings }, notes };
}

/**
 * A voided ticket counts for nothing: a completed one's net leaves done, an open one's hold goes back.
 * A voided return is the other way round: making it took its original's net out of done, so the
 * original's net comes back (within the line's ceiling, as any completion).
 */
async function giveBackQuantities(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, t: TicketRow): Promise<void> {
  if (!t.notice_line_id) return;
  if (t.net !== null && t.source_ticket_id !== null) await completeOnLine(tx, who.orgId, t.notice_line_id, 0, t.net);
  else if (t.net !== null) await uncompleteOnLine(tx, who.orgId, t.notice_line_id, t.net);
  else if (new Decimal(t.reserved_quantity).gt(0)) await releaseOnLine(tx, who.orgId, t.notice_line_id, t.reserved_quantity);
}

async function recoverTicket(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, t: TicketRow, state: string): Promise<void> {
  try {
    await sql`SAVEPOINT recover_ticket`.execute(tx);
    await repo.updateTicket(tx, who.orgId, t.id, { state: state as never, updated_by: who.userId });
    await sql`RELEASE SAVEPOINT recover_ticket`.execute(tx);
  } catch (err) {
    // a truck is between its two weighings once at a time (wb_ticket_open_plate_uq)
    if ((err as { code?: string }).code === '23505') throw badRequest(`车辆 ${t.plate_number} 有未完成的磅单，磅单 ${t.ticket_no} 不能恢复`, 'ids');
    throw err;
  }
}

/**
 * Deductions (扣重) of one ticket, replacing the ones it had: on a completed ticket the net is
 * computed again and the notice line's done moves by the difference, never past its ceiling. The
 * hidden deduct is the one the ticket took at completion (a merged ticket's is its trips' sum, a
 * split part's its share), not the material's per-trip figure of today. The lab's QUALITY row
 * (written by domain/quality when the results are applied) stays unless the call names the quality
 * kind itself: net and amount follow both the typed deductions and the lab's.
 */
export async function deductTicket(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: TicketKind, input: DeductBody) {
  const { id } = input;
  const typed = readDeductions(input.deductions);
  const [t] = await lockTickets(tx, who, kind, [id]);
  if (!t) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'id');
  await manualTicketGate(tx, who, kind, 'deduct', [t]);
  await decideAll(tx, who, [t], 'deduct');
  const before = await repo.ticketDeductions(tx, t.id);
  const deductions = withQualityRow(typed, before);
  const noted = async (net: string | null) => ({
    reply: await repo.ticketReplyRow(tx, who.orgId, t.id), notes: [deductNote(kind, t.ticket_no, before, deductions, { before: t.net, after: net })],
  });
  // a completed ticket's net is computed again below, and refused below zero with its figures
  const beyond = t.net === null ? deductionsBeyondLoad(knownLoad(t.gross, t.tare), deductions) : null;
  if (beyond) throw badRequest(beyond, 'deductions');
  await repo.replaceDeductions(tx, who.orgId, t.id, deductions, who.userId, deductions !== typed);
  if (t.net === null || t.gross === null || t.tare === null) return noted(t.net);
  const params = await repo.weighParams(tx, who.orgId);
  const net = await netWithDeductions(tx, t, deductions, params);
  await repo.saveDeductionAmounts(tx, who.orgId, t.id, net.deductions, who.userId);
  if (t.notice_line_id) {
    await uncompleteOnLine(tx, who.orgId, t.notice_line_id, t.net);
    await completeOnLine(tx, who.orgId, t.notice_line_id, 0, net.net.toFixed());
  }
  await redrawGrant(tx, who.orgId, t.id, t.ticket_no, net.net.toFixed());
  const amount = basisAmount(t, net.net, t.price, params.moneyPrecision, t.quality_price_adjust);
  if (!amount.ok) throw badRequest(amount.message, 'price');
  await repo.updateTicket(tx, who.orgId, t.id, { net: net.net.toFixed(), deduct_total: net.deducted.toFixed(), amount: amount.amount, updated_by: who.userId });
  await followTicketAmount(tx, who, t);
  return noted(net.net.toFixed());
}

/**
 * The typed deductions with the ticket's QUALITY row kept: a 扣重 after the lab's result must not
 * drop the lab's deduction. The same array when nothing is kept (the call named the quality kind,
 * or the ticket has no QUALITY row).
 */
function withQualityRow(typed: Deduction[], stored: Deduction[]): Deduction[] {
  const lab = stored.find((d) => d.kind === 'quality');
  return !lab || typed.some((d) => d.kind === 'quality') ? typed : [...typed, lab];
}

/** The ticket's net with these deductions, as the deduct call stores it; a net below zero is refused naming the deductions. */
async function netWithDeductions(runner: Runner, t: TicketRow, deductions: Deduction[], params: WeighParams) {
  const net = computeNet(new Decimal(t.gross ?? 0), new Decimal(t.tare ?? 0), deductions, await repo.hiddenDeductOf(runner, t.id), params);
  if (!net.ok) throw badRequest(net.message, 'deductions');
  return net;
}

/**
 * What deductTicket would make of a ticket's figures, computed the same way and written nowhere:
 * the 扣重 dialog shows the server's net before it saves, not one of its own. Whether the ticket
 * may take deductions is the deduct call's to say.
 */
export async function previewDeduct(runner: Runner, who: Pick<Who, 'orgId'>, kind: TicketKind, input: DeductBody): Promise<DeductPreview> {
  const { id } = input;
  const typed = readDeductions(input.deductions);
  const t = await repo.ticketById(runner, who.orgId, id);
  if (!t || t.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'id');
  const deductions = withQualityRow(typed, await repo.ticketDeductions(runner, t.id));
  if (t.net === null || t.gross === null || t.tare === null) return { gross: t.gross, tare: t.tare, lines: [], deducted: null, net: null, amount: null };
  const params = await repo.weighParams(runner, who.orgId);
  const net = await netWithDeductions(runner, t, deductions, params);
  // refused as the save would refuse it
  const amount = basisAmount(t, net.net, t.price, params.moneyPrecision, t.quality_price_adjust);
  if (!amount.ok) throw badRequest(amount.message, 'price');
  return {
    gross: t.gross, tare: t.tare, lines: net.deductions.map((l) => ({ kind: l.kind, weight: l.weight.toFixed() })),
    deducted: net.deducted.toFixed(), net: net.net.toFixed(), amount: amount.amount,
  };
}

/** The deduct call's rows as the rules read them: one row per kind, each an amount or a rate; every problem named by its row. */
export function readDeductions(rows: DeductBody['deductions']): Deduction[] {
  const kinds = new Set<string>();
  const problems: { field: string; message: string }[] = [];
  const out: Deduction[] = [];
  rows.forEach((r, i) => {
    if (kinds.has(r.kind)) problems.push({ field: `deductions.${i}.kind`, message: '每种扣重只能填一行' });
    kinds.add(r.kind);
    const d = readDeduction(r.kind, r);
    if ('error' in d) problems.push({ field: `deductions.${i}`, message: d.error });
    else out.push(d);
  });
  if (problems.length) throw badRequestWith(problems);
  if (out.length !== rows.length) throw badRequest('扣重有误', 'deductions');
  return out;
}
