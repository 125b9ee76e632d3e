import { ErrorCodes, type ErrorCodeName } from '@wb/protocol';
import type { z } from 'zod';

/**
 * An error a user may see: the spec's status and message, and the field it concerns. `data` goes
 * out as the envelope's data (an import's list of every bad row); else {field} when there is one.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }

  static of(name: ErrorCodeName, message?: string, field?: string): AppError {
    const entry = ErrorCodes[name];
    return new AppError(entry.status, message ?? entry.zh, field);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);

/** A 400 reporting several problems at once: the first is the message, all are in data.errors. */
export function badRequestWith<P extends { field: string | null; message: string }>(problems: P[], extra: Record<string, unknown> = {}): AppError {
  const first = problems[0];
  return new AppError(400, first.message, first.field ?? undefined, {}, { field: first.field, errors: problems, ...extra });
}

/** Parses input with a protocol schema; the first problem becomes a 400 naming its field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.') || undefined;
  const what = issue.code === 'unrecognized_keys' ? `不允许的字段: ${issue.keys.join(', ')}` : issue.message;
  throw badRequest(field ? `参数 ${field} 错误: ${what}` : `参数错误: ${what}`, field);
}
