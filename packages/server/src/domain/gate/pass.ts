import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import type { Who } from '../../platform/auth/who';
import { passRefusal } from './pass-rules';
import { looksLikeQr, readQr, type QrTarget } from './qr';
import * as repo from './repo';

/**
 * A pass card let through the gate: by its number or its QR code, valid now and enabled, counted
 * under the pass's row lock (one log entry per passage).
 */
export async function letPassIn(tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'userId'>, text: string): Promise<{ reply: { passNo: string; usedCount: number }; note: ChangeNote }> {
  let passNo = text.trim();
  if (looksLikeQr(passNo)) {
    const minutes = await repo.qrMinutes(tx, who.orgId);
    const q = readQr(await repo.qrSecret(tx, who.orgId), passNo, Math.floor(Date.now() / 1000), (t: QrTarget) => minutes[t]);
    if (!q.ok) throw badRequest(q.message, 'text');
    if (q.target !== 'PASS_CARD') throw badRequest('该二维码是登记单的，请在车辆入厂中放行', 'text');
    passNo = q.docNo;
  }
  const pass = await repo.lockPass(tx, who.orgId, passNo);
  if (!pass) throw AppError.of('notFound', `未找到通行证 ${passNo}`, 'text');
  const refusal = passRefusal(pass, new Date());
  if (refusal) throw badRequest(refusal, 'text');
  await repo.markPassUsed(tx, pass.id, who.userId);
  const holder = pass.holderKind === 'TRUCK' ? `车辆 ${pass.plateNumber ?? ''}` : `访客 ${pass.visitorName ?? ''}`;
  return { reply: { passNo: pass.passNo, usedCount: pass.usedCount + 1 }, note: { action: 'passIn', family: '临时通行证', docNo: pass.passNo, detail: `${holder} 凭通行证入厂` } };
}
