import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { Caller } from '../../platform/auth/guard';
import type { Who } from '../../platform/auth/who';
import { hashPassword, verifyPassword } from '../../platform/auth/secrets';
import { revokeUserSessions } from '../../platform/auth/sessions';
import type { DB } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { administersCompanyOf, findUser, isMember, setPassword } from './repo';
import { newPasswordRefusal, resetPasswordRefusal } from './rules';

type Tx = Transaction<DB>;

/** One's own password: the old one proves it is them; other devices signed in with it lose their sessions, this one stays. */
export async function modifyPassword(tx: Tx, who: Pick<Caller, 'userId' | 'sessionId'>, input: { id: string; password: string; newpassword1: string }): Promise<ChangeNote> {
  if (input.id !== who.userId) throw AppError.of('forbidden', '只能修改自己的密码', 'id');
  const user = await findUser(tx, input.id);
  if (!user) throw AppError.of('notFound', '用户不存在', 'id');
  if (!(await verifyPassword(user.password_hash, input.password))) throw new AppError(400, '原密码错误', 'password');
  const refusal = newPasswordRefusal(input.newpassword1, user.username, input.password);
  if (refusal) throw new AppError(400, refusal, 'newpassword1');
  await setPassword(tx, input.id, await hashPassword(input.newpassword1), false);
  await revokeUserSessions(tx, input.id, who.sessionId);
  return { action: 'modifyPassword', family: '用户', docNo: user.username };
}

/**
 * An administrator's reset of another's password: the current company's people, or those of
 * another company the caller administers. The reset password is known to the administrator, so
 * the user must change it at next sign-in, and their sessions end.
 */
export async function resetPassword(tx: Tx, who: Pick<Who, 'userId' | 'orgId' | 'groupId'>, input: { id: string; newpassword: string }): Promise<ChangeNote> {
  const { id } = input;
  const user = await findUser(tx, id);
  const reachable = user && user.group_id === who.groupId
    && ((await isMember(tx, id, who.orgId)) || (await administersCompanyOf(tx, who.userId, id)));
  if (!reachable) throw AppError.of('notFound', '用户不存在', 'id');
  const refusal = resetPasswordRefusal(input.newpassword);
  if (refusal) throw new AppError(400, refusal, 'newpassword');
  await setPassword(tx, id, await hashPassword(input.newpassword), true);
  await revokeUserSessions(tx, id);
  return { action: 'resetPassword', family: '用户', docNo: user.username, detail: user.username };
}
