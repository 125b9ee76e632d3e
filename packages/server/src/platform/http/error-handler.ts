import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes } from '@wb/protocol';
import { fail } from './envelope';
import { AppError } from './errors';
import type { Database } from '../db/pool';
import { recordServerError } from '../audit/error-log';

/** Limits of a request, set on the server and named in the messages that enforce them. */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
export const MAX_PATH_PARAM_LENGTH = 200;

/** Fastify's own input errors, turned into a 400 that says what was wrong. */
const FASTIFY_INPUT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `请求体过大，不能超过 ${BODY_LIMIT_BYTES / 1024 / 1024} MB`,
  FST_ERR_BAD_URL: '请求地址不正确：含有无效的百分号编码',
  FST_ERR_MAX_PARAM_LENGTH: `请求地址中的参数过长，不能超过 ${MAX_PATH_PARAM_LENGTH} 个字符`,
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体为空，应为 JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的 JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
  FST_ERR_VALIDATION: '请求参数错误',
  FST_ERR_INVALID_URL: '请求地址不正确',
};

/**
 * Errors the router raises before any route or hook runs (a malformed or over-long path): the
 * same envelope and 400, instead of Fastify's own JSON shape. Passed as the frameworkErrors option.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.status(400).send(fail(400, FASTIFY_INPUT_ERRORS[error.code] ?? ErrorCodes.badRequest.zh));
}

/**
 * Input errors answer 400 with their message; anything else is the server's fault: a 500 whose
 * answer names only the request id (never the stack), while the error and its stack are written to
 * the system log (sys_error_log) in a statement of its own, so a rolled-back change keeps its trace.
 */
export function installErrorHandler(app: FastifyInstance, db?: Database): void {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.status(error.status).send(fail(error.status, error.message, error.data ?? (error.field ? { field: error.field } : null)));
    }
    const known = error.code ? FASTIFY_INPUT_ERRORS[error.code] : undefined;
    if (known || error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      const msg = known ?? (error instanceof SyntaxError ? '请求体不是合法的 JSON' : error.message);
      return reply.status(400).send(fail(400, msg));
    }
    request.log.error({ err: error }, 'unhandled error');
    if (db) await recordServerError(db, request, error).catch((err: unknown) => request.log.error({ err }, 'system log not written'));
    return reply.status(500).send(fail(500, ErrorCodes.internal.zh, { requestId: request.id }));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(fail(404, `${ErrorCodes.notFound.zh}: ${request.method} ${request.url.split('?')[0]}`));
  });
}
