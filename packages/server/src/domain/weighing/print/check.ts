import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TICKET_CHECK_API, TICKET_CHECK_PAGE, type TicketCheck, type TicketPrintLayout } from '@wb/protocol';
import type { Database } from '../../../platform/db/pool';
import { ok } from '../../../platform/http/envelope';
import { AppError } from '../../../platform/http/errors';
import { checkSecret, ticketOwner } from '../../station/check-repo';
import { qrPath } from '../../../platform/print/qr';
import { signTicket, verifyTicketToken } from '../../station/check-token';
import { weighParams } from '../repo';
import { layoutTicket } from './layout';
import { printFacts } from './repo';
import { plantTimeZone } from './print';

/** Where the printed QR code points: the public check page on the address the ticket was printed from. */
export function checkOrigin(request: FastifyRequest): string {
  return process.env.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
}

/** The check link and its QR code, added to a ticket's print layout (page and PDF alike). */
export async function withCheck(db: Database, origin: string, layout: TicketPrintLayout): Promise<TicketPrintLayout> {
  const url = `${origin}${TICKET_CHECK_PAGE}/${signTicket(await checkSecret(db), layout.id)}`;
  return { ...layout, check: { url, qr: qrPath(url) } };
}

const NOT_FOUND = '磅单校验链接无效';

/**
 * The public check of a printed ticket: no sign-in, the signed link instead. It answers only the
 * ticket's number, company, kind, state, weights and their times and the batch it printed, never a party, a price or a plate:
 * whoever holds the paper learns no more than the paper says. A link whose signature is not the
 * server's answers the same 404 as a ticket that does not exist, and shows nothing.
 */
export async function ticketCheck(db: Database, token: string): Promise<TicketCheck> {
  const id = verifyTicketToken(await checkSecret(db), token);
  const owner = id ? await ticketOwner(db, id) : undefined;
  const facts = id && owner ? await printFacts(db, owner.org_id, id) : null;
  if (!id || !owner || !facts) throw new AppError(404, NOT_FOUND, 'token');
  const layout = layoutTicket(facts, { params: await weighParams(db, owner.org_id), preview: true, printedAt: new Date(), timeZone: plantTimeZone() });
  const weight = (key: 'gross' | 'tare' | 'net') => layout.weights.find((w) => w.key === key);
  const completed = layout.weights.find((w) => w.key === 'net')?.time;
  const batchNo = layout.fields.find((f) => f.key === 'batchNo')?.value;
  return {
    ticketNo: layout.ticketNo, company: layout.company, kindTitle: layout.kindTitle, state: layout.closedAs ?? layout.stateLabel, unit: layout.unit,
    gross: weight('gross')?.value ?? null, tare: weight('tare')?.value ?? null, net: weight('net')?.value ?? null,
    grossTime: weight('gross')?.time || null, tareTime: weight('tare')?.time || null, completedAt: completed || null,
    // what the paper says of the goods' batch, for a buyer checking a certificate against the ticket; only where it prints one
    ...(batchNo ? { batchNo } : {}),
  };
}

export function ticketCheckRoutes(app: FastifyInstance, db: Database): void {
  app.get(`${TICKET_CHECK_API}/:token`, { config: { access: { public: true } } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    reply.header('cache-control', 'no-store');
    return ok(await ticketCheck(db, String(token ?? '')));
  });
}
