import { describe, expect, it } from 'vitest';
import { checkFileUrl, signFileUrl } from './url-signature';

const secret = Buffer.from('a key only the server knows');
const at = Date.parse('2026-11-21T08:00:00Z');

function grantOf(url: string) {
  const u = new URL(url, 'http://localhost');
  return {
    grant: { orgId: u.searchParams.get('org') as string, id: u.pathname.split('/').pop() as string, expires: Number(u.searchParams.get('expires')) },
    signature: u.searchParams.get('signature') as string,
  };
}

describe('local signed file URL', () => {
  const { grant, signature } = grantOf(signFileUrl({ orgId: '7', id: '42' }, at, 3600, secret));

  it('names the file, its company and an expiry 3,600 s on', () => {
    expect(grant).toEqual({ orgId: '7', id: '42', expires: at / 1000 + 3600 });
  });

  it('is valid until the last millisecond of its hour and expired from then on', () => {
    expect(checkFileUrl(grant, signature, at, secret)).toBe('valid');
    expect(checkFileUrl(grant, signature, at + 3600_000 - 1, secret)).toBe('valid');
    expect(checkFileUrl(grant, signature, at + 3600_000, secret)).toBe('expired');
  });

  it('is tampered when any part changes, or when another key signed it', () => {
    expect(checkFileUrl({ ...grant, id: '43' }, signature, at, secret)).toBe('tampered');
    expect(checkFileUrl({ ...grant, orgId: '8' }, signature, at, secret)).toBe('tampered');
    expect(checkFileUrl({ ...grant, expires: grant.expires + 1 }, signature, at, secret)).toBe('tampered');
    expect(checkFileUrl(grant, signature.slice(1), at, secret)).toBe('tampered');
    expect(checkFileUrl(grant, signature, at, Buffer.from('another key'))).toBe('tampered');
  });

  it('calls a stretched expiry tampered, not merely expired', () => {
    expect(checkFileUrl({ ...grant, expires: grant.expires + 86400 }, signature, at + 7200_000, secret)).toBe('tampered');
  });
});
