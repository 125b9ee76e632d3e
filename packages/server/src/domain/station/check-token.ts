import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A ticket's public check link (the QR code on the printed ticket): `{ticketId}.{signature}`, the
 * signature an HMAC-SHA256 of the ticket id under the server's secret, cut to 22 base64url
 * characters (132 bits). The id alone is a counter anyone could walk; without the secret no one
 * can sign another id, so the link opens its own ticket and nothing else. Nothing is stored per
 * ticket: the same ticket always prints the same link, and old paper keeps working.
 */
const SIG_CHARS = 22;

export function signTicket(secret: Buffer, ticketId: string): string {
  const sig = createHmac('sha256', secret).update(`ticket-check:${ticketId}`).digest('base64url').slice(0, SIG_CHARS);
  return `${ticketId}.${sig}`;
}

/** The ticket id a token names, or null when its signature is not the server's (tampered, made up). */
export function verifyTicketToken(secret: Buffer, token: string): string | null {
  const m = /^([1-9]\d{0,17})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(signTicket(secret, m[1] as string));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? (m[1] as string) : null;
}
