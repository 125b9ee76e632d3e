import type { Envelope } from '@wb/protocol';

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { success: true, code: 0, msg, data };
}

export function fail(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { success: false, code, msg, data };
}
