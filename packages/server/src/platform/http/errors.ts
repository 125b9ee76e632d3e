import { ErrorCodes, type ErrorCodeName } from '@wb/protocol';
import type { z } from 'zod';

/** An error a user may see: the spec's status and message, and the field it concerns. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static of(name: ErrorCodeName, message?: string, field?: string): AppError {
    const entry = ErrorCodes[name];
    return new AppError(entry.status, message ?? entry.zh, field);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);

/** Parses input with a protocol schema; the first problem becomes a 400 naming its field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.') || undefined;
  const what = issue.code === 'unrecognized_keys' ? `不允许的字段: ${issue.keys.join(', ')}` : issue.message;
  throw badRequest(field ? `参数 ${field} 错误: ${what}` : `参数错误: ${what}`, field);
}
