import type { Transaction } from 'kysely';
import type { CcBody } from '@wb/protocol';
import type { Caller } from '../../platform/auth/guard';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { loadInstance } from './instance';
import { notify } from './notify';
import type { Registry } from './registry';
import * as repo from './repo';
import { mayCopy } from './rules';

/**
 * 抄送: the initiator or an approver sends the approval to members of the company as 收件人 (to),
 * 抄送 (cc) or 密送 (bcc). A bcc recipient is named to the sender and to themselves only: the
 * timeline lists the to and cc recipients.
 */
export async function copyTo(tx: Transaction<DB>, registry: Registry, who: Caller, id: string, body: CcBody) {
  const l = await loadInstance(tx, registry, who.orgId, id, true);
  if (!mayCopy(l.state, who.userId)) throw AppError.of('forbidden', '只有发起人和审批人可以抄送');
  const copies = (['to', 'cc', 'bcc'] as const).flatMap((kind) => [...new Set(body[kind])].map((userId) => ({ userId, kind })));
  const members = await repo.usersOfOrg(tx, who.orgId, copies.map((c) => c.userId));
  const stranger = copies.find((c) => !members.includes(c.userId));
  if (stranger) throw badRequest(`参数 ${stranger.kind} 错误: ${stranger.userId} 不是当前公司的在用人员`, stranger.kind);
  await repo.addCopies(tx, who.orgId, l.inst.id, who.userId, copies);
  const shown = copies.filter((c) => c.kind !== 'bcc').map((c) => c.userId);
  await repo.addAction(tx, who.orgId, l.inst.id, 'cc', who.userId, l.inst.current_step, body.comment ?? null, [...new Set(shown)]);
  await notify(tx, l.inst, 'cc', copies.map((c) => c.userId), `抄送：${l.inst.title}`, `${who.realName} 抄送给您${body.comment ? `：${body.comment}` : ''}`);
  return { inst: l.inst, count: copies.length };
}
