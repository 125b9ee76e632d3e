import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { StationCredentialIssueBody, StationCredentialIssued } from '@wb/protocol';
import type { ChangeNote } from '../../platform/audit/log';
import { tokenHash } from '../../platform/auth/secrets';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { insertCredential, liveCredentialOfScale, revokeCredentials } from './credential-repo';

type Tx = Transaction<DB>;

/** The log's word for a station credential. */
export const CREDENTIAL_FAMILY = '磅点凭证';

/**
 * A station key: 256 random bits behind a recognisable prefix. It is kept as its SHA-256, like the
 * session tokens (platform/auth/secrets tokenHash), not as an argon2 hash like a password: a key of
 * 256 random bits cannot be guessed whatever the hash's speed, and the agent sends it with every
 * batch of readings (several a second), where a deliberately slow hash would cost a core's tens of
 * milliseconds per call and push the frame-to-browser latency past its bound; a fast hash is also
 * what lets the server find the credential with one index probe.
 */
export function newStationKey(): { key: string; hash: Buffer; prefix: string } {
  const key = `wbs_${randomBytes(32).toString('base64url')}`;
  return { key, hash: tokenHash(key), prefix: key.slice(0, 10) };
}

export async function issueCredential(tx: Tx, who: { orgId: string; userId: string }, body: StationCredentialIssueBody): Promise<StationCredentialIssued> {
  // the partial unique index (one live key per scale) is what holds under a race; this says it politely first
  if (await liveCredentialOfScale(tx, who.orgId, body.scaleId)) throw scaleTaken(body.scaleId);
  const { key, hash, prefix } = newStationKey();
  let id: string;
  try {
    id = await insertCredential(tx, { orgId: who.orgId, stationName: body.stationName, scaleId: body.scaleId, keyHash: hash, keyPrefix: prefix, remark: body.remark ?? null, userId: who.userId });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw scaleTaken(body.scaleId);
    throw err;
  }
  return { id, stationName: body.stationName, scaleId: body.scaleId, key, keyPrefix: prefix };
}

const scaleTaken = (scaleId: string) => badRequest(`秤 ${scaleId} 已有有效凭证，请先吊销原凭证`, 'scaleId');

export const issueNote = (c: StationCredentialIssued): ChangeNote => ({
  action: 'issueStationKey', family: CREDENTIAL_FAMILY, docNo: c.scaleId, detail: `磅点 ${c.stationName}，密钥 ${c.keyPrefix}…`,
});

export async function revokeCredential(tx: Tx, who: { orgId: string; userId: string }, ids: string[]) {
  const revoked = await revokeCredentials(tx, who.orgId, ids, who.userId);
  if (revoked.length === 0) throw badRequest('所选凭证不存在或已吊销', 'ids');
  return revoked;
}

export const revokeNotes = (revoked: Awaited<ReturnType<typeof revokeCredential>>): ChangeNote[] =>
  revoked.map((c) => ({ action: 'revokeStationKey', family: CREDENTIAL_FAMILY, docNo: c.scale_id, detail: `磅点 ${c.station_name}，密钥 ${c.key_prefix}…` }));
