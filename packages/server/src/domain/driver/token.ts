import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The driver's link: `WBDRV1.<payload, base64url JSON>.<HMAC-SHA256, base64url>`, signed with the
 * company's key (drv_secret). The payload names the company (o), the plate (p), the registry it was
 * given for (r), when it was issued (i) and when it expires (e), both in epoch seconds. Pure: the
 * repo reads the key.
 */
export const DRIVER_TOKEN_PREFIX = 'WBDRV1';

export interface DriverClaims {
  orgId: string;
  plate: string;
  registryId: string;
  issuedSec: number;
  expiresSec: number;
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function signDriverToken(secret: string, claims: DriverClaims): string {
  const payload = { o: claims.orgId, p: claims.plate, r: claims.registryId, i: claims.issuedSec, e: claims.expiresSec };
  const body = `${DRIVER_TOKEN_PREFIX}.${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`;
  return `${body}.${mac(secret, body)}`;
}

export const INVALID_TOKEN = '司机链接无效，请向厂方重新获取';
export const EXPIRED_TOKEN = '司机链接已过期，请向厂方重新获取';

const isIdText = (v: unknown): v is string => typeof v === 'string' && /^[1-9]\d{0,18}$/.test(v);
const isSec = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * What a token claims, read without its key: the company whose key signs it. Null for anything
 * that is not a well-formed token (the caller answers 401 INVALID_TOKEN).
 */
export function peekDriverToken(token: string): DriverClaims | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== DRIVER_TOKEN_PREFIX || parts[1].length > 800 || !/^[A-Za-z0-9_-]+$/.test(parts[1])) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const { o, p, r, i, e } = raw as Record<string, unknown>;
  if (!isIdText(o) || !isIdText(r) || typeof p !== 'string' || p.length === 0 || p.length > 20 || !isSec(i) || !isSec(e)) return null;
  return { orgId: o, plate: p, registryId: r, issuedSec: i, expiresSec: e };
}

export type DriverTokenReading = { ok: true; claims: DriverClaims } | { ok: false; message: string };

/** A token checked: its form, its signature under the company's key, then its expiry. */
export function verifyDriverToken(secret: string, token: string, nowSec: number): DriverTokenReading {
  const claims = peekDriverToken(token);
  if (!claims) return { ok: false, message: INVALID_TOKEN };
  const parts = token.trim().split('.');
  const expected = Buffer.from(mac(secret, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, message: INVALID_TOKEN };
  if (nowSec >= claims.expiresSec) return { ok: false, message: EXPIRED_TOKEN };
  return { ok: true, claims };
}

/** The key the per-link limit counts a token under: a digest, so the table never holds a usable link. */
export const tokenKey = (token: string) => createHash('sha256').update(token.trim()).digest('base64url').slice(0, 32);

/** How long a link is good for. */
export const DRIVER_TOKEN_HOURS = 72;
