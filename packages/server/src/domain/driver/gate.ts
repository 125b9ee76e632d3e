import type { Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../../platform/db/schema';
import type { Database } from '../../platform/db/pool';
import type { Who } from '../../platform/auth/who';
import { AppError, badRequest } from '../../platform/http/errors';
import { qrPath } from '../../platform/print/qr';
import { lockedBatch } from '../registry/doc-actions';
import { KIND_INFO, type RegistryKind } from '../registry/kinds';
import { registryNote } from '../registry/log-notes';
import { driverLink, mintDriverToken } from './access';
import * as repo from './repo';
import { callRefusal } from './rules';

type Tx = Transaction<DB>;

/**
 * 叫号: the guard calls a waiting truck in. The registry row is locked, so a call and a gate-in of
 * the same truck take turns; a call again (the driver did not come) stamps the new time.
 */
export async function callIn(tx: Tx, who: Pick<Who, 'orgId'>, registryId: string) {
  const r = await repo.lockForCall(tx, who.orgId, registryId);
  if (!r) throw AppError.of('notFound', `登记单不存在: ${registryId}`, 'registryId');
  const refusal = callRefusal(r);
  if (refusal) throw badRequest(refusal, 'registryId');
  const calledAt = await repo.markCalled(tx, who.orgId, r.id);
  return { reply: { registryId: r.id, registryNo: r.code, plate: r.plate, calledAt }, note: registryNote(r.kind, 'call', r.code, `叫号 ${r.plate}`) };
}

export async function gateQueue(db: Database, who: Pick<Who, 'orgId'>, kind: RegistryKind | null) {
  const rows = await repo.gateQueue(db, who.orgId, kind);
  return { rows: rows.map((r) => ({ ...r, kindLabel: KIND_INFO[r.kind].label })) };
}

/**
 * 司机链接: a signed link for the registry's truck, for the staff to hand over (its QR code drawn
 * by the web from the path). The registry is read under its lock like any registry action.
 */
export async function driverLinkOf(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, id: string, request: FastifyRequest) {
  const [r] = await lockedBatch(tx, who, kind, [id]);
  if (r.status === 'OBSOLETE') throw badRequest(`登记单 ${r.code} 已作废，不能生成司机链接`, 'id');
  const { token, expiresAt } = await mintDriverToken(tx, { orgId: who.orgId, plate: r.plate, registryId: r.id });
  const link = driverLink(request, token);
  return { reply: { token, link, expiresAt, plate: r.plate, registryNo: r.code, qr: qrPath(link) }, note: registryNote(kind, 'driverLink', r.code, `司机链接 ${r.plate}`) };
}
