import type { FastifyInstance } from 'fastify';
import { idParam } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../../platform/db/pool';
import { ok } from '../../../platform/http/envelope';
import { badRequest, parse } from '../../../platform/http/errors';
import type {} from '../../../platform/audit/logged-routes';
import { ticketBase, ticketPermission, type TicketKind } from '../kinds';
import { ticketPdf } from './pdf';
import { previewTicket, printTicket } from './print';
import { checkOrigin, withCheck } from './check';

/**
 * The print page's calls (protocol ticket-print.ts), with the batch print's right `<kind>_print`:
 *   GET  {base}/print/{id}             the layout, counting nothing (the page before 打印)
 *   POST {base}/print/{id}             a print: counts once, answers the layout it printed
 *   POST {base}/print/{id}?format=pdf  a print as a PDF download: counts once
 * A print that counts is a POST: a GET is fetched again by browsers and proxies at will.
 */
const printQuery = z.object({ format: z.enum(['json', 'pdf'], { error: '格式应为 json 或 pdf' }).default('json') });

export function ticketPrintRoutes(app: FastifyInstance, db: Database, kind: TicketKind): void {
  const access = { config: { access: { permission: `${ticketPermission(kind)}_print` } } };
  // a print that counts writes its own log entry (print.ts printTicket); the answer may be a PDF, so it is no JSON action
  const counts = { config: { ...access.config, logged: 'self' as const } };
  app.get(`${ticketBase(kind)}/print/:id`, access, async (request) => {
    const { id } = parse(idParam, request.params);
    // a PDF is a print on paper and counts: never an uncounted copy from a preview
    if (parse(printQuery, request.query ?? {}).format === 'pdf') throw badRequest('下载PDF计入打印次数，请用 POST 调用', 'format');
    return ok(await withCheck(db, checkOrigin(request), await previewTicket(db, request.caller.orgId, kind, id)));
  });
  app.post(`${ticketBase(kind)}/print/:id`, counts, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const { format } = parse(printQuery, request.query ?? {});
    // the PDF is drawn before the commit: a print that cannot be drawn is not counted
    const printed = await db.transaction().execute(async (tx) => {
      const layout = await withCheck(db, checkOrigin(request), await printTicket(tx, request.caller, kind, id));
      return { layout, pdf: format === 'pdf' ? await ticketPdf(layout) : null };
    });
    if (!printed.pdf) return ok(printed.layout, '打印成功');
    return reply.header('content-type', 'application/pdf').header('content-disposition', pdfDisposition(printed.layout.ticketNo)).send(printed.pdf);
  });
}

/** the ticket number names the file; a header holds ASCII only, so a number with other characters goes in filename* alone */
export function pdfDisposition(ticketNo: string): string {
  const name = `${ticketNo.replace(/[^\p{L}\p{N}_-]/gu, '_')}.pdf`;
  const plain = /^[\x20-\x7e]+$/.test(name) ? name : 'ticket.pdf';
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
