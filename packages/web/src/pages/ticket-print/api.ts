import type { TicketPrintLayout } from '@wb/protocol';
import { ApiError, apiHeaders, apiUrl, call } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';

/** The print page's calls (server domain/weighing/print/routes.ts, protocol ticket-print.ts). */
const printPath = (kind: string, id: string) => `/weigh/${encodeURIComponent(kind)}/print/${encodeURIComponent(id)}`;

/** The ticket as it would print; counts nothing. */
export const previewTicket = (kind: string, id: string) => call<TicketPrintLayout>(printPath(kind, id));

/** A print: the server counts it and answers the ticket with this print's number. */
export const printTicket = (kind: string, id: string) => call<TicketPrintLayout>(printPath(kind, id), { method: 'POST' });

/** The file name the server gives (Content-Disposition), else the ticket number's. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain ? plain[1] : fallback;
}

/**
 * A print as a PDF file (counts once, like the 打印 button): fetched with the session's headers,
 * which a plain link cannot carry, then saved under the server's file name.
 */
export async function downloadTicketPdf(kind: string, id: string, ticketNo: string): Promise<void> {
  const res = await fetch(apiUrl(printPath(kind, id), { format: 'pdf' }), { method: 'POST', headers: apiHeaders(), credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    const text = body?.msg ?? `HTTP ${res.status}`;
    feedback.error(text);
    throw new ApiError(res.status, text, true);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), `${ticketNo}.pdf`);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
