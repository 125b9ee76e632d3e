import { idSchema } from '@wb/protocol';
import { z } from 'zod';

/** A set of ids chosen in a screen: each a number, none twice. */
export const idList = z.array(idSchema).max(5000, '最多5000项').refine((ids) => new Set(ids).size === ids.length, '不能重复');

/** A unique index refused the row: two saves raced past the friendly check. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
