import type { FastifyRequest } from 'fastify';
import { tokenHash } from '../../../platform/auth/secrets';
import type { Database } from '../../../platform/db/pool';
import { AppError } from '../../../platform/http/errors';
import { KIOSK_KEY_PREFIX } from './keys';
import { kioskByHash, type KioskRow } from './repo';

/**
 * The kiosk's credential: `Authorization: Kiosk <key>`. The /viewWeigh page needs no workspace
 * sign-in, but every call it makes names a live key; without one it gets nothing but this 401.
 */
export const KIOSK_SCHEME = 'Kiosk';
export const KIOSK_REFUSED = '质检终端密钥无效或已吊销';

export function kioskKeyOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const m = /^Kiosk\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return m && m[1].startsWith(KIOSK_KEY_PREFIX) ? m[1] : null;
}

export async function kioskOf(db: Database, request: Pick<FastifyRequest, 'headers'>): Promise<KioskRow> {
  const key = kioskKeyOf(request);
  const kiosk = key ? await kioskByHash(db, tokenHash(key)) : undefined;
  if (!kiosk) throw new AppError(401, KIOSK_REFUSED, 'authorization');
  return kiosk;
}
