import type { LiveEvent } from '@wb/protocol';

/** One server-sent event (HTML living standard, 9.2): its name, and its data as one JSON line. */
export function sseFrame(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Tells the browser how long to wait before it reconnects, in ms. */
export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;

/** A comment line: keeps proxies from closing a quiet stream, and shows nothing to the page. */
export const sseHeartbeat = () => ': keep-alive\n\n';
