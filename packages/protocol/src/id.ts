import { z } from 'zod';

/**
 * Record ids are PostgreSQL bigint serials carried as text, so a JavaScript number never rounds
 * them. Eighteen digits stay inside a signed bigint: a longer one is refused as bad input (400)
 * instead of failing in the database (500).
 */
export const ID_PATTERN = /^\d{1,18}$/;

export const ID_MESSAGE = '应为数字编号';

/** True when the value is an id as text. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** An id as text. */
export const idSchema = z.string().regex(ID_PATTERN, ID_MESSAGE);

/** An id as text or as a positive whole number (forms and stations send either), read as text. */
export const idOrNumber = z.union([idSchema, z.number().int().positive().transform(String)]);

/** The `:id` of a route. */
export const idParam = z.object({ id: idSchema });
