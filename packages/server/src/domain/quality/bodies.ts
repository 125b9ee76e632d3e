import { columnNumber, idSchema } from '@wb/protocol';
import { z } from 'zod';

/**
 * The bodies of the quality calls. A result value is the item's text as typed, bounded by its
 * column (qm_result.value NUMERIC(19,4)); the item's own decimals and range are checked by the
 * call (rules.ts valueProblem), which knows the item.
 */
export const resultValue = columnNumber({ precision: 19, scale: 4, label: '化验值' });

export const enterResultsBody = z.strictObject({
  values: z.array(z.strictObject({
    itemId: idSchema,
    /** null clears the value */
    value: resultValue.nullable(),
    /** the result's version as read: a stale one is refused with 409 and the client reloads */
    version: z.number().int('版本号应为整数').min(0, '版本号不能小于0').max(2 ** 31 - 1, '版本号过大'),
  })).min(1, '请至少录入一个化验项目').max(200, '一次最多录入200个化验项目'),
});
export type EnterResultsBody = z.infer<typeof enterResultsBody>;

export const recheckBody = z.strictObject({
  reason: z.string().trim().min(1, '请填写复检原因').max(200, '复检原因不能超过200个字符'),
});

export const sampleParam = z.object({ id: idSchema });
