import type { FastifyInstance } from 'fastify';
import { passwordModifyBody, passwordResetBody, idParam } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { AppError, parse } from '../../platform/http/errors';
import { writeLog } from '../../platform/audit/log';
import { hashPassword, verifyPassword } from '../../platform/auth/secrets';
import { revokeUserSessions } from '../../platform/auth/sessions';
import { newPasswordRefusal } from './rules';
import { administersCompanyOf, findUser, isMember, setPassword } from './repo';

/** A user's own password and an administrator's reset of another's. */
export function passwordRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sys-user/pwd/checkSafe', async (request) => {
    const user = await findUser(db, request.caller.userId);
    if (!user) throw AppError.of('expired');
    return ok({ safe: !user.password_unsafe }, user.password_unsafe ? '您的密码为初始密码或过于简单，请修改密码' : '密码安全');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/api/sys-user/password/modify/:id',
    handler: async (request) => {
      const { id } = parse(idParam, request.params);
      const body = parse(passwordModifyBody, request.body);
      const { caller } = request;
      if (id !== caller.userId) throw AppError.of('forbidden', '只能修改自己的密码', 'id');
      const user = await findUser(db, id);
      if (!user) throw AppError.of('notFound', '用户不存在', 'id');
      if (!(await verifyPassword(user.password_hash, body.password))) throw new AppError(400, '原密码错误', 'password');
      const refusal = newPasswordRefusal(body.newpassword1, user.username, body.password);
      if (refusal) throw new AppError(400, refusal, 'newpassword1');
      await setPassword(db, id, await hashPassword(body.newpassword1), false);
      // Other devices signed in with the old password lose their sessions; this one stays.
      await revokeUserSessions(db, id, caller.sessionId);
      await writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, action: 'modifyPassword', ip: request.ip });
      return ok(true, '修改成功');
    },
  });

  app.put('/api/sys-user/password/reset/:id', { config: { access: { permission: 'sys_user_reset' } } }, async (request) => {
    const { id } = parse(idParam, request.params);
    const body = parse(passwordResetBody, request.body);
    const { caller } = request;
    const user = await findUser(db, id);
    // the current company's people, or those of another company the caller administers
    const reachable = user && user.group_id === caller.groupId
      && ((await isMember(db, id, caller.orgId)) || (await administersCompanyOf(db, caller.userId, id)));
    if (!reachable) {
      throw AppError.of('notFound', '用户不存在', 'id');
    }
    if (body.newpassword.length < 6 || body.newpassword.length > 64) throw new AppError(400, '密码长度应为6到64位', 'newpassword');
    // A reset password is known to the administrator: the user must change it at next sign-in.
    await setPassword(db, id, await hashPassword(body.newpassword), true);
    await revokeUserSessions(db, id);
    await writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, action: 'resetPassword', detail: user.username, ip: request.ip });
    return ok(true, '重置成功');
  });

}
