import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A data source's password at rest: AES-256-GCM with a fresh 12-byte nonce per value, written
 * `v1.<nonce>.<tag>.<ciphertext>` (base64). The tag makes a value altered in the table, or read
 * with another key, fail instead of decrypting to rubbish. Pure: the key is given.
 */
const VERSION = 'v1';

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** DATA_SOURCE_SECRET (32 characters at least) made into an AES-256 key; null when unset or too short. */
export function keyFromEnv(value: string | undefined): Buffer | null {
  return value && value.length >= 32 ? createHash('sha256').update(value, 'utf8').digest() : null;
}
