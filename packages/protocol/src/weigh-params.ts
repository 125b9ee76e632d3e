import { z } from 'zod';
import { PAY_ROUNDINGS, type CeilingKind } from './money';

/**
 * The weighing parameters of one organisation (domain notes: weighing rules; the parameter set
 * screen). Every key has a default, so an organisation that never saved any reads a complete,
 * typed set, and the weighing code needs no null checks.
 */

/** How a check reacts when its condition is met: ignore, warn the operator, or refuse the weighing. */
export const CHECK_LEVELS = ['none', 'warn', 'forbid'] as const;
export type CheckLevel = (typeof CHECK_LEVELS)[number];

/**
 * How a second weighing the plant would not expect is met (a reading that reverses the order the
 * kind weighs in, a net outside the material's or the vehicle's figures): refused, or let through
 * once the operator confirms it, and then marked on the ticket and in the weigh log.
 */
export const CONFIRM_LEVELS = ['forbid', 'confirm'] as const;
export type ConfirmLevel = (typeof CONFIRM_LEVELS)[number];

export const ROUNDING_MODES = ['round', 'truncate', 'carry'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

export const WEIGHT_UNITS = ['t', 'kg'] as const;

const check = z.enum(CHECK_LEVELS, { error: '应为 none、warn 或 forbid' });
/** A plausible ceiling of one kind of document, in yuan: an amount beyond it is refused as a typing slip. */
const ceiling = z.number({ error: '应为整数' }).int('应为整数').min(1, '不能小于1').max(999999999999999, '不能大于999999999999999');
const confirmLevel = z.enum(CONFIRM_LEVELS, { error: '应为 forbid 或 confirm' });
const precision = (max: number) => z.number({ error: '应为整数' }).int('应为整数').min(0, '不能小于0').max(max, `不能大于${max}`);

export const weighParamsSchema = z.strictObject({
  /** hours a stored tare stays valid: -1 unlimited, 0 a tare on every trip */
  tareValidHours: z.number({ error: '应为整数' }).int('应为整数').min(-1, '不能小于-1（-1 表示不限）').max(8760, '不能大于8760小时'),
  tareAlarmKg: z.number({ error: '应为数字' }).min(0, '不能小于0').max(100000, '不能大于100000'),
  tareAlarmPercent: z.number({ error: '应为数字' }).min(0, '不能小于0').max(100, '不能大于100'),
  overloadCheck: check,
  repeatedReadingCheck: check,
  emptyGrossCheck: check,
  /** a gross within this many kg of the last tare is an empty truck */
  emptyGrossKg: z.number({ error: '应为数字' }).min(0, '不能小于0').max(100000, '不能大于100000'),
  sameWeightCheck: check,
  sameWeightMinutes: z.number({ error: '应为整数' }).int('应为整数').min(1, '不能小于1').max(1440, '不能大于1440'),
  zeroWeightCheck: check,
  unstableCheck: check,
  /** a second reading that reverses the order its kind weighs in (purchase: gross first; sales: tare first) */
  reversedOrder: confirmLevel,
  /** a net below the material's minimum net, or a load (gross - tare) above the vehicle's rated load (核定载质量) */
  netOutOfRange: confirmLevel,
  weightRounding: z.enum(ROUNDING_MODES, { error: '应为 round、truncate 或 carry' }),
  weightPrecision: precision(4),
  weightUnit: z.enum(WEIGHT_UNITS, { error: '应为 t 或 kg' }),
  moneyPrecision: precision(4),
  unitPricePrecision: precision(6),
  assayPrecision: precision(6),
  /** how an amount a party pays or is paid is rounded to the cent (protocol money.ts payAmount) */
  payRounding: z.enum(PAY_ROUNDINGS, { error: '应为 halfUp、halfEven 或 down' }),
  receiptCeiling: ceiling,
  refundCeiling: ceiling,
  creditCeiling: ceiling,
  paymentCeiling: ceiling,
  invoiceCeiling: ceiling,
  adjustCeiling: ceiling,
  /** a stock record that would leave a warehouse's balance below zero (domain/stock/rules/balance.ts) */
  negativeStockCheck: check,
  /**
   * a truck inside the plant longer than this (by default a working shift) has a problem worth a look
   * (stuck at the unloading point, a gate-out not recorded): it counts among the home page's errors
   * (domain/report); a week at most, beyond which the count would never warn
   */
  overstayHours: z.number({ error: '应为整数' }).int('应为整数').min(1, '不能小于1小时').max(168, '不能大于168小时'),
});
export type WeighParams = z.infer<typeof weighParamsSchema>;

export const WEIGH_PARAM_DEFAULTS: WeighParams = {
  tareValidHours: 24,
  tareAlarmKg: 200,
  tareAlarmPercent: 3,
  overloadCheck: 'warn',
  repeatedReadingCheck: 'forbid',
  emptyGrossCheck: 'warn',
  emptyGrossKg: 60,
  sameWeightCheck: 'warn',
  sameWeightMinutes: 30,
  zeroWeightCheck: 'forbid',
  unstableCheck: 'forbid',
  reversedOrder: 'forbid',
  netOutOfRange: 'forbid',
  weightRounding: 'round',
  weightPrecision: 2,
  weightUnit: 't',
  moneyPrecision: 2,
  unitPricePrecision: 4,
  assayPrecision: 2,
  payRounding: 'halfUp',
  receiptCeiling: 100_000_000,
  refundCeiling: 100_000_000,
  creditCeiling: 100_000_000,
  paymentCeiling: 100_000_000,
  invoiceCeiling: 100_000_000,
  adjustCeiling: 10_000_000,
  negativeStockCheck: 'warn',
  overstayHours: 8,
};

export type WeighParamKey = keyof WeighParams;
export const WEIGH_PARAM_KEYS = Object.keys(WEIGH_PARAM_DEFAULTS) as WeighParamKey[];

/** A save may name only some keys; what it names must be valid. */
export const weighParamsPatch = weighParamsSchema.partial();

/**
 * The organisation's set from its stored text values (sys_param): an unknown key is ignored, a
 * value that no longer parses (an older release's) falls back to the default rather than failing
 * a weighing.
 */
export function readWeighParams(stored: Record<string, string>): WeighParams {
  const out: Record<string, unknown> = { ...WEIGH_PARAM_DEFAULTS };
  for (const key of WEIGH_PARAM_KEYS) {
    const text = stored[key];
    if (text === undefined) continue;
    const field = weighParamsSchema.shape[key];
    const value = typeof WEIGH_PARAM_DEFAULTS[key] === 'number' ? Number(text) : text;
    const parsed = field.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as WeighParams;
}

/** The text form sys_param keeps. */
export const writeWeighParam = (value: WeighParams[WeighParamKey]): string => String(value);

/** Labels and help of the parameter screen, grouped as the plant thinks of them. */
export const WEIGH_PARAM_GROUPS: { title: { zh: string; en: string }; keys: WeighParamKey[] }[] = [
  { title: { zh: '皮重', en: 'Tare' }, keys: ['tareValidHours', 'tareAlarmKg', 'tareAlarmPercent'] },
  {
    title: { zh: '过磅校验', en: 'Weighing checks' },
    keys: ['overloadCheck', 'repeatedReadingCheck', 'emptyGrossCheck', 'emptyGrossKg', 'sameWeightCheck', 'sameWeightMinutes', 'zeroWeightCheck', 'unstableCheck', 'reversedOrder', 'netOutOfRange'],
  },
  { title: { zh: '重量取值', en: 'Weights' }, keys: ['weightRounding', 'weightPrecision', 'weightUnit'] },
  { title: { zh: '金额与化验精度', en: 'Money and assay precision' }, keys: ['moneyPrecision', 'unitPricePrecision', 'assayPrecision'] },
  {
    title: { zh: '收付款', en: 'Payments' },
    keys: ['payRounding', 'receiptCeiling', 'refundCeiling', 'creditCeiling', 'paymentCeiling', 'invoiceCeiling', 'adjustCeiling'],
  },
  { title: { zh: '库存', en: 'Stock' }, keys: ['negativeStockCheck'] },
  { title: { zh: '在厂车辆', en: 'Trucks in the plant' }, keys: ['overstayHours'] },
];

/** The ceiling parameter of each kind of document. */
export const CEILING_KEYS: Record<CeilingKind, WeighParamKey> = {
  receipt: 'receiptCeiling', refund: 'refundCeiling', credit: 'creditCeiling', payment: 'paymentCeiling', invoice: 'invoiceCeiling', adjust: 'adjustCeiling',
};
export const ceilingOf = (p: WeighParams, kind: CeilingKind): number => p[CEILING_KEYS[kind]] as number;
