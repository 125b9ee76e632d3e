import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The gate's QR codes: what a printed registry or pass card carries, signed with the company's key
 * so a code cannot be made up or altered: `WBQR1.<R|P>.<number, base64url>.<issued, epoch s>.<signature>`.
 * The number names the document; the issue time lets a QR-code rule limit how long a print is good.
 */
export type QrTarget = 'REGISTRY' | 'PASS_CARD';
const LETTER: Record<QrTarget, string> = { REGISTRY: 'R', PASS_CARD: 'P' };
const PREFIX = 'WBQR1';

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url').slice(0, 22);

export function signQr(secret: string, target: QrTarget, docNo: string, issuedSec: number): string {
  const body = `${PREFIX}.${LETTER[target]}.${Buffer.from(docNo, 'utf8').toString('base64url')}.${issuedSec}`;
  return `${body}.${mac(secret, body)}`;
}

export const looksLikeQr = (text: string) => text.startsWith(`${PREFIX}.`);

export type QrReading = { ok: true; target: QrTarget; docNo: string; issuedSec: number } | { ok: false; message: string };

/** A scanned code, checked: its signature, then its age against the rule's minutes (0: no limit). */
export function readQr(secret: string, text: string, nowSec: number, validMinutes: (t: QrTarget) => number): QrReading {
  const parts = text.trim().split('.');
  const bad: QrReading = { ok: false, message: '二维码无效或已被篡改' };
  if (parts.length !== 5 || parts[0] !== PREFIX) return bad;
  const [, letter, encoded, issued, signature] = parts;
  const expected = Buffer.from(mac(secret, parts.slice(0, 4).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return bad;
  const target: QrTarget | null = letter === 'R' ? 'REGISTRY' : letter === 'P' ? 'PASS_CARD' : null;
  const issuedSec = Number(issued);
  if (!target || !Number.isSafeInteger(issuedSec)) return bad;
  const minutes = validMinutes(target);
  if (minutes > 0 && nowSec > issuedSec + minutes * 60) return { ok: false, message: `二维码已过期（有效 ${minutes} 分钟）` };
  return { ok: true, target, docNo: Buffer.from(encoded, 'base64url').toString('utf8'), issuedSec };
}
