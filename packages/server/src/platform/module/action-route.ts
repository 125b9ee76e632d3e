import type { FastifyInstance, FastifyRequest } from 'fastify';
import { entryOf, writeLogs } from '../audit/log';
import type {} from '../audit/logged-routes';
import { ok } from '../http/envelope';
import { parse } from '../http/errors';
import type { ActionDecl, ActionInput, ModuleContext } from './define';

function inputOf(action: ActionDecl, request: FastifyRequest): ActionInput<unknown, unknown, unknown> {
  return {
    params: action.params ? parse(action.params, request.params) : undefined,
    query: action.query ? parse(action.query, request.query) : undefined,
    body: action.body ? parse(action.body, action.bodyAsSent ? request.body : request.body ?? {}) : undefined,
  };
}

/**
 * Serves one action: parse, then the use case and its log entries in one transaction, then the
 * reply. A refusal (any error) rolls both back; the action's `refused` hook may keep a record of
 * the try in a transaction of its own before the error is answered.
 */
export function mountAction(app: FastifyInstance, ctx: ModuleContext, action: ActionDecl): void {
  app.route({
    method: action.method ?? 'POST',
    url: action.path,
    config: { access: { ...(action.signedIn ? {} : { permission: action.permission }), ...(action.demoAllowed ? { demoAllowed: true as const } : {}) }, logged: 'action' },
    handler: async (request) => {
      const who = request.caller;
      let input: ActionInput<unknown, unknown, unknown> | null = null;
      try {
        const parsed = inputOf(action, request);
        input = parsed;
        const result = await ctx.db.transaction().execute(async (tx) => {
          const done = await action.run({ tx, who, input: parsed, now: ctx.now, app, modules: ctx.modules });
          const notes = action.log(parsed, done);
          await writeLogs(tx, (Array.isArray(notes) ? notes : [notes]).map((n) => entryOf(who, n)));
          return done;
        });
        const message = typeof action.message === 'function' ? action.message(result) : action.message;
        return ok(action.reply ? action.reply(result) : result, message);
      } catch (error) {
        if (action.refused) await action.refused({ db: ctx.db, who, input, raw: request.body, now: ctx.now, error });
        throw error;
      }
    },
  });
}
