import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../../../platform/audit/log';
import type { Who } from '../../../../platform/auth/who';
import { revokeUserSessions } from '../../../../platform/auth/sessions';
import type { DB } from '../../../../platform/db/schema';
import { AppError, badRequest } from '../../../../platform/http/errors';
import { lockGroupUser, setUsersEnabled } from './repo';
import { disableSelfRefusal } from './rules';

/** Switches the group's users on or off; one log entry per user. */
export async function switchUsers(tx: Transaction<DB>, who: Who, input: { ids: string[]; enable: boolean }): Promise<ChangeNote[]> {
  const { ids, enable } = input;
  const refusal = enable ? null : disableSelfRefusal(ids, who.userId);
  if (refusal) throw badRequest(refusal, 'ids');
  const names: string[] = [];
  for (const id of ids) {
    const user = await lockGroupUser(tx, who.groupId, id);
    if (!user) throw AppError.of('notFound', `用户 ${id} 不存在`, 'ids');
    names.push(user.username);
  }
  await setUsersEnabled(tx, ids, enable);
  // a disabled user's sessions end now, not when their tokens run out
  if (!enable) for (const id of ids) await revokeUserSessions(tx, id);
  return names.map((name) => ({ action: enable ? 'enableUser' : 'disableUser', family: '用户', docNo: name }));
}
