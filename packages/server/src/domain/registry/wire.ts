import { idsBody, idOrNumber } from '@wb/protocol';
import { z } from 'zod';

/** The bodies of the registry's own calls (the document engine's are in the protocol). */
const cardUid = z.string().trim().min(1, '请先读卡').max(40);

export const cardBody = z.strictObject({ cardUid });
export const formCardBody = z.strictObject({ cardUid, registryNo: z.string().trim().max(40).optional() });
export const bindCardBody = z.strictObject({ id: idOrNumber, cardUid });
export const rematchBody = z.strictObject({ ids: idsBody.shape.ids, dischargePointId: idOrNumber });
export const mergeBody = z.strictObject({ ids: z.array(idOrNumber).length(2, '请选择两张登记单合并') });
