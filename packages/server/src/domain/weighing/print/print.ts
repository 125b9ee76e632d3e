import type { TicketPrintLayout } from '@wb/protocol';
import { entryOf, writeLog, type Actor } from '../../../platform/audit/log';
import { AppError, badRequest } from '../../../platform/http/errors';
import { printNote } from '../log-notes';
import { lockTickets } from '../actions';
import { TICKET_KIND_INFO, type TicketKind } from '../kinds';
import * as ticketRepo from '../repo';
import type { Runner, Tx } from '../repo';
import { decideTicketAction } from '../rules/transitions';
import { ticketFacts } from '../second';
import { layoutTicket } from './layout';
import { countPrint, printFacts, ticketRow } from './repo';

/**
 * A ticket's print. A print (the page's 打印 button, a PDF) counts once: the ticket row is locked,
 * the print allowed by the lifecycle table (a first-weighing slip may print, a voided ticket may
 * not), the count raised and the ticket read in the same transaction, so two prints at once take
 * turns and never carry the same 第N次; its operation-log entry (第N次打印) is written with the count.
 * A preview counts nothing and says how many prints were made.
 */
export const plantTimeZone = () => process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai';

export async function printTicket(tx: Tx, who: Actor, kind: TicketKind, id: string): Promise<TicketPrintLayout> {
  const { orgId } = who;
  const [t] = await lockTickets(tx, { orgId }, kind, [id]);
  await mayPrint(tx, orgId, t);
  const count = await countPrint(tx, orgId, t.id);
  await writeLog(tx, entryOf(who, printNote(kind, t.ticket_no, count)));
  return layOut(tx, orgId, kind, id, false);
}

export async function previewTicket(db: Runner, orgId: string, kind: TicketKind, id: string): Promise<TicketPrintLayout> {
  const t = await ticketRow(db, orgId, id);
  if (!t || t.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'id');
  await mayPrint(db, orgId, t);
  return layOut(db, orgId, kind, id, true);
}

async function mayPrint(db: Runner, orgId: string, t: Parameters<typeof ticketFacts>[2]): Promise<void> {
  const decision = decideTicketAction(await ticketFacts(db, orgId, t, false), 'print');
  if (!decision.ok) throw badRequest(decision.message, 'id');
}

async function layOut(db: Runner, orgId: string, kind: TicketKind, id: string, preview: boolean): Promise<TicketPrintLayout> {
  const facts = await printFacts(db, orgId, id);
  if (!facts) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'id');
  const params = await ticketRepo.weighParams(db, orgId);
  return layoutTicket(facts, { params, preview, printedAt: new Date(), timeZone: plantTimeZone() });
}
