import type { TicketPrintLayout } from '@wb/protocol';
import { call } from '@/platform/api/http';
import { downloadFile } from '@/platform/api/download';

/** The print page's calls (server domain/weighing/print/routes.ts, protocol ticket-print.ts). */
const printPath = (kind: string, id: string) => `/weigh/${encodeURIComponent(kind)}/print/${encodeURIComponent(id)}`;

/** The ticket as it would print; counts nothing. */
export const previewTicket = (kind: string, id: string) => call<TicketPrintLayout>(printPath(kind, id));

/** A print: the server counts it and answers the ticket with this print's number. */
export const printTicket = (kind: string, id: string) => call<TicketPrintLayout>(printPath(kind, id), { method: 'POST' });

/** The file name the server gives (Content-Disposition), else the ticket number's. */
export { fileNameOf } from '@/platform/api/download';

/**
 * A print as a PDF file (counts once, like the 打印 button): fetched with the session's headers,
 * which a plain link cannot carry, then saved under the server's file name.
 */
export const downloadTicketPdf = (kind: string, id: string, ticketNo: string): Promise<void> =>
  downloadFile(printPath(kind, id), { method: 'POST', query: { format: 'pdf' }, fallbackName: `${ticketNo}.pdf` });
