import { columnNumber, idOrNumber, idSchema, PAY_COLUMN, plantDate, RATE_COLUMN, TONS_COLUMN } from '@wb/protocol';
import { z } from 'zod';

/**
 * The bodies of the settlement's own calls; every number bounded by its column. Money paid, invoiced
 * or adjusted is in cents: a third decimal is refused naming the field (付款金额最多2位小数).
 */
const money = (label: string, min?: number) => columnNumber({ ...PAY_COLUMN, label, min });
const text = (label: string, max: number) => z.string({ error: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(max, `${label}最多${max}个字符`);

/** The pound list: the chosen tickets and wagons (轨道衡); both absent: every candidate of the settlement's party and period. */
export const confirmPoundsBody = z.strictObject({
  ticketIds: z.array(idOrNumber).max(20000, '一次最多确认20000张磅单').optional(),
  wagonIds: z.array(idOrNumber).max(20000, '一次最多确认20000节车皮').optional(),
});

/** 磅单候选: of a settlement (its party, period, material, contract), at most `limit` of them. */
export const weightListsBody = z.strictObject({
  settlementId: idSchema,
  limit: z.number().int().min(1).max(20000).optional(),
});

export const ADJUST_KINDS = ['ROUNDING', 'PENALTY', 'REBATE', 'OTHER'] as const;
/** An adjustment row the accountant adds: rounding, a penalty, a rebate; its amount signed (a penalty on a vendor is negative). */
export const adjustBody = z.strictObject({
  reasonKind: z.enum(ADJUST_KINDS, { error: '调整类型应为 ROUNDING、PENALTY、REBATE 或 OTHER' }),
  reason: text('调整原因', 500),
  amount: money('调整金额'),
  quantity: columnNumber({ ...TONS_COLUMN, label: '调整数量' }).optional(),
  taxRate: columnNumber({ ...RATE_COLUMN, label: '税率', min: 0 }).optional(),
});

export const invoiceBody = z.strictObject({
  invoiceNo: text('发票号', 40),
  invoiceDate: plantDate('开票日期'),
  amount: money('发票金额'),
  tax: money('发票税额', 0).optional(),
  taxRate: columnNumber({ ...RATE_COLUMN, label: '税率', min: 0 }).optional(),
  remark: z.string().max(500, '备注最多500个字符').optional(),
});

export const paymentBody = z.strictObject({
  paidOn: plantDate('付款日期'),
  method: z.enum(['BANK', 'CASH', 'ACCEPTANCE', 'RECEIPT'], { error: '付款方式应为 BANK、CASH、ACCEPTANCE 或 RECEIPT' }),
  amount: money('付款金额', 0),
  /** a customer's payment: the receipt (fm_receipt) it came in with */
  receiptId: idSchema.optional(),
  reference: z.string().max(100, '凭证号最多100个字符').optional(),
  remark: z.string().max(500, '备注最多500个字符').optional(),
});
