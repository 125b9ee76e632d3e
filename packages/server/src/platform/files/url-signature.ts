import { createHmac, timingSafeEqual } from 'node:crypto';

// The local disk's stand-in for a presigned S3 GET: the file id and the expiry instant, signed
// with a server secret, so an <img src> needs no bearer header and a copied link dies on time.

export interface FileUrlGrant {
  /** the company the file belongs to: the signed route reads it scoped, like every other */
  orgId: string;
  id: string;
  /** seconds since the epoch after which the URL is refused */
  expires: number;
}

export type FileUrlVerdict = 'valid' | 'expired' | 'tampered';

export function fileUrlSignature(grant: FileUrlGrant, secret: Buffer): string {
  return createHmac('sha256', secret).update(`sys-file:${grant.orgId}:${grant.id}:${grant.expires}`).digest('base64url');
}

export function signFileUrl(file: { orgId: string; id: string }, nowMs: number, ttlSeconds: number, secret: Buffer): string {
  const expires = Math.floor(nowMs / 1000) + ttlSeconds;
  const signature = fileUrlSignature({ orgId: file.orgId, id: file.id, expires }, secret);
  return `/api/sys-file/signed/${file.id}?org=${file.orgId}&expires=${expires}&signature=${signature}`;
}

/** Tampering is judged before expiry: an altered expiry must not read as merely "expired". */
export function checkFileUrl(grant: FileUrlGrant, signature: string, nowMs: number, secret: Buffer): FileUrlVerdict {
  const expected = Buffer.from(fileUrlSignature(grant, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'tampered';
  return nowMs >= grant.expires * 1000 ? 'expired' : 'valid';
}
