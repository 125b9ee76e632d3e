import { z } from 'zod';
import { idSchema } from './id';

/**
 * The body of every `POST .../v2/list` (spec: calls section 3, screens section 3). The server
 * checks each key, operator and sort against the list's template; these schemas only fix the
 * shape, so the web can build a body the server will parse.
 */

/** Operators of a search condition (spec section 9): like = contains, lk = starts with. */
export const LIST_OPS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'lk', 'in'] as const;
export type ListOp = (typeof LIST_OPS)[number];

const COMPARE: readonly ListOp[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'];
const TEXT: readonly ListOp[] = ['eq', 'ne', 'like', 'lk', 'in'];
// an enumerated value is one of a list: "contains" or "greater than" has no meaning (spec section 5)
const CHOICE: readonly ListOp[] = ['eq', 'in'];

/** Operators a field of each type accepts; a type not named here cannot be searched. */
export const LIST_OPS_BY_FIELD_TYPE: Readonly<Record<string, readonly ListOp[]>> = {
  TEXT, CHAR: TEXT, TXT: TEXT, LINK: TEXT,
  NUMBER: COMPARE, DATE: COMPARE, TIME: COMPARE,
  ENUM: CHOICE, TAG: CHOICE, BOOLEAN: CHOICE,
};

export function opsForFieldType(fieldType: string): readonly ListOp[] {
  return Object.hasOwn(LIST_OPS_BY_FIELD_TYPE, fieldType) ? LIST_OPS_BY_FIELD_TYPE[fieldType] : [];
}

/** Most values an `in` condition may carry, as an array or a comma list. */
export const IN_LIST_MAX = 1000;
/** Conditions per body and per OR group; a screen never needs more, a crafted body gets no further. */
export const SEARCH_CONDITIONS_MAX = 50;
export const SORT_KEYS_MAX = 10;
/** Deepest page a list may ask for: beyond it the offset scan costs more than any screen needs. */
export const PAGE_NUMBER_MAX = 100_000;

const scalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
const listValue = z.union([scalar, z.array(z.union([z.string().max(500), z.number(), z.boolean()])).max(IN_LIST_MAX)]);
const keyId = z.union([z.string().max(100), z.number()]).optional();

export const searchCondition = z.strictObject({
  key: z.string().min(1).max(100),
  op: z.enum(LIST_OPS),
  val: listValue.optional(),
  keyId,
});
export type SearchCondition = z.infer<typeof searchCondition>;

/** Quick search: the same text tried against several fields, any of which may match. */
export const searchGroup = z.strictObject({
  conj: z.literal('or'),
  search: z.array(searchCondition).max(SEARCH_CONDITIONS_MAX),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const sortKey = z.strictObject({
  key: z.string().min(1).max(100),
  dir: z.enum(['asc', 'desc']),
  keyId,
});
export type SortKey = z.infer<typeof sortKey>;

export const listRequest = z.strictObject({
  search: z.array(z.union([searchCondition, searchGroup])).max(SEARCH_CONDITIONS_MAX).optional(),
  // ps above the largest page size is capped by the server, not refused: a remembered size from
  // an older client still gets a page
  limit: z.strictObject({ pn: z.number().int().min(1).max(PAGE_NUMBER_MAX), ps: z.number().int().min(1) }).optional(),
  sort: z.array(sortKey).max(SORT_KEYS_MAX).optional(),
  tplId: z.union([idSchema, z.number().int().positive()]).optional(),
  /** the calling screen's extra parameters; a list route reads the ones it knows */
  param: z.record(z.string().max(100), scalar).optional(),
});
export type ListRequest = z.infer<typeof listRequest>;

export function isSearchGroup(item: SearchCondition | SearchGroup): item is SearchGroup {
  return 'conj' in item;
}
