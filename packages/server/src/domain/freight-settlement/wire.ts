import { idSchema, PAY_COLUMN, columnNumber, plantDate, plantDateTime } from '@wb/protocol';
import { z } from 'zod';
import { FREIGHT_KINDS, MAX_TICKETS } from './kinds';

/** The freight settlement's bodies: every field checked here, so bad input is a 400 naming it before anything is read. */
const dateTime = plantDateTime;
const kind = z.enum(FREIGHT_KINDS as [string, ...string[]], { error: '业务类型应为 pu、sa、al 或 tr' });

export const periodBody = z.strictObject({
  kind,
  carrierId: idSchema,
  periodFrom: dateTime('开始时间'),
  periodTo: dateTime('结束时间'),
  materialId: idSchema.nullish(),
  remark: z.string().max(500, '备注最多500个字符').nullish(),
});
export type PeriodBody = z.infer<typeof periodBody>;

export const newCreateBody = periodBody.extend({
  /** an empty draft (un-examined) to fill again; absent: a new settlement */
  id: idSchema.nullish(),
  ticketIds: z.array(idSchema).min(1, '请选择磅单').max(MAX_TICKETS, `一张运费结算最多${MAX_TICKETS}张磅单`),
});
export type NewCreateBody = z.infer<typeof newCreateBody>;

export const idsBody = z.strictObject({ ids: z.array(idSchema).min(1, '请至少选择一条数据！').max(200, '一次最多200条') });

/** money paid or invoiced: cents, a third decimal refused naming the field */
const money = (label: string) => columnNumber({ ...PAY_COLUMN, min: 0, label, notNumber: `${label}应为数字`, belowMin: `${label}不能小于0` });
const day = plantDate;

/** 运费结算的操作 (Operating): un-examine, record a payment or an invoice, close. */
export const operatingBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('unaudit'), id: idSchema }),
  z.strictObject({ action: z.literal('close'), id: idSchema }),
  z.strictObject({
    action: z.literal('pay'), id: idSchema, amount: money('付款金额'), paidOn: day('付款日期'),
    method: z.enum(['BANK', 'CASH', 'ACCEPTANCE'], { error: '付款方式应为 BANK、CASH 或 ACCEPTANCE' }), reference: z.string().max(100, '凭证号最多100个字符').nullish(),
  }),
  z.strictObject({
    action: z.literal('invoice'), id: idSchema, invoiceNo: z.string().trim().min(1, '发票号不能为空').max(40, '发票号最多40个字符'), invoiceDate: day('开票日期'),
    amount: money('发票金额'), tax: money('发票税额'),
  }),
], { error: '操作应为 unaudit、close、pay 或 invoice' });
export type OperatingBody = z.infer<typeof operatingBody>;
