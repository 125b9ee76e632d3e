import { idOrNumber } from '@wb/protocol';
import { z } from 'zod';

/** The bodies of the gate's calls. */
const text = z.string({ error: '请输入车牌号、卡号或扫描二维码' }).trim().min(1, '请输入车牌号、卡号或扫描二维码').max(400);

/** What the guard typed, read or scanned (the page's route says whether a trip not yet in or one inside is meant). */
export const findBody = z.strictObject({ text });
export const qrBody = z.union([z.strictObject({ registryId: idOrNumber }), z.strictObject({ passNo: z.string().trim().min(1).max(30) })], { error: '请指定登记单或通行证' });
export const passBody = z.strictObject({ text });
