import { describe, expect, it } from 'vitest';
import { EXPIRED_TOKEN, INVALID_TOKEN, peekDriverToken, signDriverToken, tokenKey, verifyDriverToken } from './token';

// The driver's link: signed with the company's key, bound to the company, plate and registry,
// expiring; a changed character, another key or a late use is refused with its own message.
const claims = { orgId: '7', plate: '京A12345', registryId: '42', issuedSec: 1_700_000_000, expiresSec: 1_700_003_600 };

describe('driver token', () => {
  it('round-trips its claims under the company key', () => {
    const token = signDriverToken('k1', claims);
    expect(token).toMatch(/^WBDRV1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyDriverToken('k1', token, claims.issuedSec + 10)).toEqual({ ok: true, claims });
    expect(peekDriverToken(token)).toEqual(claims);
  });

  it('refuses another key, a changed payload or signature, and a malformed text', () => {
    const token = signDriverToken('k1', claims);
    expect(verifyDriverToken('k2', token, claims.issuedSec)).toEqual({ ok: false, message: INVALID_TOKEN });
    const [prefix, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ o: '7', p: '京B99999', r: '42', i: claims.issuedSec, e: claims.expiresSec })).toString('base64url');
    expect(verifyDriverToken('k1', `${prefix}.${forged}.${sig}`, claims.issuedSec)).toEqual({ ok: false, message: INVALID_TOKEN });
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect(verifyDriverToken('k1', `${prefix}.${token.split('.')[1]}.${flipped}`, claims.issuedSec).ok).toBe(false);
    for (const bad of ['', 'WBDRV1', 'WBDRV1..', 'WBQR1.a.b', `WBDRV1.${Buffer.from('not json').toString('base64url')}.x`,
      `WBDRV1.${Buffer.from(JSON.stringify({ o: 'x', p: 'a', r: '1', i: 1, e: 2 })).toString('base64url')}.x`]) {
      expect(verifyDriverToken('k1', bad, claims.issuedSec)).toEqual({ ok: false, message: INVALID_TOKEN });
    }
  });

  it('expires at its expiry second', () => {
    const token = signDriverToken('k1', claims);
    expect(verifyDriverToken('k1', token, claims.expiresSec - 1).ok).toBe(true);
    expect(verifyDriverToken('k1', token, claims.expiresSec)).toEqual({ ok: false, message: EXPIRED_TOKEN });
  });

  it('counts a token under a digest of it', () => {
    const token = signDriverToken('k1', claims);
    expect(tokenKey(token)).toHaveLength(32);
    expect(tokenKey(token)).not.toContain(token.split('.')[1].slice(0, 10));
    expect(tokenKey(` ${token} `)).toBe(tokenKey(token));
  });
});
