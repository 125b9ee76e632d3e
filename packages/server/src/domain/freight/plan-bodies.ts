import { columnNumber, instant, PAY_COLUMN } from '@wb/protocol';
import { z } from 'zod';
import { REMIT_METHODS } from './kinds';

/**
 * The bodies of a freight plan's own calls. Numbers are bounded by their columns (protocol
 * numeric.ts), so a figure past its column is a 400 naming it, never the database's overflow.
 */
const id = z.union([z.string().regex(/^[1-9]\d{0,17}$/, '应为数字编号'), z.number().int().positive().max(Number.MAX_SAFE_INTEGER).transform(String)]);
/** money paid to the carrier (a remittance, a fuel-card advance): cents, a third decimal refused naming the field */
const amount = (label: string) => columnNumber({ ...PAY_COLUMN, label, min: 0.01, belowMin: `${label}必须大于0` });
const text = (label: string, max: number) => z.string().trim().min(1, `请填写${label}`).max(max, `${label}最多${max}个字符`);

export const planIdBody = z.object({ id }).strict();
export const planIdsBody = z.object({ ids: z.array(id).min(1, '请至少选择一条数据！').max(500) }).strict();

/** The plan's pound list as it is to be: the tickets' ids (an empty list clears it). */
export const poundListBody = z.object({ id, ticketIds: z.array(id).max(5000) }).strict();

export const remittanceBody = z.object({
  id, amount: amount('汇款金额'), paidAt: instant('汇款时间').optional(),
  method: z.enum(REMIT_METHODS.map((m) => m.value) as ['BANK', 'CASH', 'BILL', 'OTHER'], { message: '付款方式应为 BANK、CASH、BILL 或 OTHER' }),
  reference: text('付款凭证号', 100).optional(), remark: text('备注', 500).optional(),
}).strict();

export const fuelAdvanceBody = z.object({ cardNo: text('油卡卡号', 50), amount: amount('油卡金额'), remark: text('备注', 500).optional() }).strict();

export const urgentBody = z.object({ urgent: z.boolean().optional() }).strict();

export const storageBody = z.object({ id, warehouseId: id.nullable() }).strict();

export const groupListBody = z.object({
  kind: z.enum(['pu', 'sa', 'al', 'tr']).optional(),
  from: instant('开始时间').optional(),
  to: instant('结束时间').optional(),
}).strict();

/** 编辑磅单's candidates: the plan, and the completion period and plate fragment that narrow them. */
export const candidatesBody = z.object({
  id,
  from: instant('开始时间').optional(),
  to: instant('结束时间').optional(),
  plate: z.string().trim().max(20, '车牌号最多20个字符').optional(),
}).strict();
