import { createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';

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

/** The QR code of a link as one SVG path in module units (a size x size square), for the page and the PDF alike. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.data[y * modules.size + x]) parts.push(`M${x} ${y}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: parts.join('') };
}
