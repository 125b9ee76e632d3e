import { z } from 'zod';
import { ADMIN_LOG_TYPES } from './templates';

/**
 * What the web may report about itself (POST /api/admin/log/logs): a few entries at a time, each
 * cut to a length a screen can show, so a page in an error loop cannot fill the table with one call.
 */
export const CLIENT_LOG_BATCH_MAX = 20;
const text = (max: number) => z.string().max(100_000).transform((s) => s.slice(0, max));

export const clientLogEntry = z.object({
  type: z.enum(ADMIN_LOG_TYPES.map((t) => t.value) as [string, ...string[]], { message: '类型应为 render、chunk、error 或 promise' }),
  message: text(2000).refine((s) => s.trim() !== '', '错误信息不能为空'),
  url: text(1000).optional(),
  stack: text(16_000).optional(),
  info: text(4000).optional(),
  time: z.string().datetime({ offset: true, message: 'time 应为带时区的 ISO 时间' }).optional(),
});
export type ClientLogEntry = z.infer<typeof clientLogEntry>;

/** One entry, or several (the existing client posts one; a page that failed twice may post both). */
export const clientLogBody = z.union([clientLogEntry, z.array(clientLogEntry).min(1, '至少一条日志').max(CLIENT_LOG_BATCH_MAX, `一次最多 ${CLIENT_LOG_BATCH_MAX} 条日志`)])
  .transform((b) => (Array.isArray(b) ? b : [b]));

/**
 * A failed dynamic import is told apart from other errors: after a new release the browser still
 * asks for chunks that are gone, which the administrator fixes differently from a broken page.
 */
export function isChunkLoadFailure(message: string): boolean {
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(message);
}

export const pageQuery = z.object({
  current: z.coerce.number().int().min(1, 'current 应为正整数').max(100_000).default(1),
  size: z.coerce.number().int().min(1, 'size 应为 1 到 100').max(100, 'size 应为 1 到 100').default(20),
  type: z.string().max(20).optional(),
});
