import { z } from 'zod';
import { plantDateCompact } from './dates';
import { idOrNumber } from './id';
import { columnNumber, TONS_COLUMN } from './numeric';

/**
 * Site confirmation (spec section 4: the confirmation buttons; calls: weigh confirmation lists and
 * submits). A grid row carries `confirmSubButs` (the buttons it offers) and `ihandle` (whether the
 * caller may act on it); pressing one posts `{base}/submit`.
 */
export const CONFIRM_BUTTONS = ['CONFIRM', 'CONFIRM_NO', 'CONFIRM_NOT', 'CONFIRM_AGAIN', 'SINGLE_WEIGH', 'SINGLE_EMPTY'] as const;
export type ConfirmButton = (typeof CONFIRM_BUTTONS)[number];
export type PressableButton = Exclude<ConfirmButton, 'CONFIRM_NO'>;

/** The buttons' words in normal mode, and the sampling mode's (query type=sampling) in its place. */
export const CONFIRM_BUTTON_WORDS: Record<ConfirmButton, { zh: string; en: string }> = {
  CONFIRM: { zh: '确认', en: 'Confirm' },
  CONFIRM_NOT: { zh: '取消确认', en: 'Cancel confirmation' },
  CONFIRM_AGAIN: { zh: '重新确认', en: 'Confirm again' },
  CONFIRM_NO: { zh: '无法确认', en: 'Cannot confirm' },
  SINGLE_WEIGH: { zh: '车辆重出', en: 'Leaves loaded' },
  SINGLE_EMPTY: { zh: '车辆空出', en: 'Leaves empty' },
};
export const SAMPLING_BUTTON_WORDS: Partial<Record<ConfirmButton, { zh: string; en: string }>> = {
  CONFIRM: { zh: '合格', en: 'Qualified' },
  CONFIRM_AGAIN: { zh: '合格', en: 'Qualified' },
  CONFIRM_NOT: { zh: '不合格', en: 'Unqualified' },
};

/** Deductions the site may enter: an amount in tons or a rate (percent) of the net. */
export const SITE_DEDUCTION_KINDS = ['WATER', 'IMPURITY', 'DETRITUS', 'STONE', 'OTHER'] as const;
export type SiteDeductionKind = (typeof SITE_DEDUCTION_KINDS)[number];
export const SITE_DEDUCTION_WORDS: Record<SiteDeductionKind, { zh: string; en: string }> = {
  WATER: { zh: '扣水', en: 'Water' }, IMPURITY: { zh: '扣杂', en: 'Impurity' }, DETRITUS: { zh: '扣渣', en: 'Detritus' },
  STONE: { zh: '扣石', en: 'Stone' }, OTHER: { zh: '其他扣重', en: 'Other' },
};

// a site deduction is kept as wb_ticket_deduction.value, NUMERIC(14,4)
const decimal = columnNumber({ ...TONS_COLUMN, min: 0, label: '扣重', notNumber: '应为不超过4位小数的非负数', belowMin: '应为不超过4位小数的非负数' });

export const confirmSubmitBody = z.strictObject({
  id: idOrNumber,
  button: z.enum(['CONFIRM', 'CONFIRM_NOT', 'CONFIRM_AGAIN', 'SINGLE_WEIGH', 'SINGLE_EMPTY'], { error: '不支持的确认操作' }),
  deductions: z.array(z.strictObject({ kind: z.enum(SITE_DEDUCTION_KINDS, { error: '不支持的扣重项目' }), mode: z.enum(['AMOUNT', 'RATE']), value: decimal })).max(5).optional(),
  reNums: z.number().int('件数应为整数').min(0, '件数不能小于0').max(100_000).optional(),
  sampleCount: z.number().int('样品数应为0到500的整数').min(0, '样品数应为0到500的整数').max(500, '样品数应为0到500的整数').optional(),
  /** the day the sample was taken, yyyyMMdd as the date dialog gives it; today when absent */
  sampleDate: plantDateCompact('取样日期').optional(),
  /** accepting a load: the stock address (库存地址) it went into or came from; null clears it */
  stockAddressId: idOrNumber.nullable().optional(),
  /** accepting a sales load: the silo (筒仓) it was loaded from; null clears it */
  siloId: idOrNumber.nullable().optional(),
});
export type ConfirmSubmitBody = z.infer<typeof confirmSubmitBody>;

export interface ConfirmRowExtras {
  confirmSubButs: ConfirmButton[];
  ihandle: boolean;
}

/** The places a confirmation may name for a ticket: GET /api/confirm/{grid}/places/{id}. */
export interface ConfirmPlaces {
  stockAddressId: string | null;
  siloId: string | null;
  /** the enabled addresses of the ticket's warehouses that keep its material's class */
  addresses: { id: string; code: string; name: string; kind: 'YARD' | 'BAY' | 'SILO_POSITION'; warehouseName: string }[];
  /** sales only: the enabled silos holding the ticket's material or none in particular */
  silos: { id: string; code: string; name: string }[];
}
