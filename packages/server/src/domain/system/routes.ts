import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { AppError } from '../../platform/http/errors';
import { findUser } from './repo';

/** Whether one's own password is still the initial or a weak one. Changes: module.ts (passwords.ts). */
export function passwordRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sys-user/pwd/checkSafe', async (request) => {
    const user = await findUser(db, request.caller.userId);
    if (!user) throw AppError.of('expired');
    return ok({ safe: !user.password_unsafe }, user.password_unsafe ? '您的密码为初始密码或过于简单，请修改密码' : '密码安全');
  });
}
