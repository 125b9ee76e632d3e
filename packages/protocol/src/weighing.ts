import { z } from 'zod';
import { instant } from './dates';
import { idOrNumber } from './id';
import { normalisePlate } from './plate';
import { columnNumber, MONEY_COLUMN, plainDecimal, RATE_COLUMN, TONS_COLUMN } from './numeric';
import { scaleIdField } from './station';

/**
 * The weighing calls a scale station or the operator's weighing screen sends (domain notes: a
 * truck's way through the plant; DESIGN section 3):
 *
 *   POST /api/weigh/{kind}/first    weighingBody  -> WeighingReply   (creates the ticket)
 *   POST /api/weigh/{kind}/second   weighingBody  -> WeighingReply   (completes it)
 *
 * The truck is named by its registry, the IC card read at the scale, or its plate (a second
 * weighing may also name the ticket). The weight is in the organisation's unit of computation
 * (parameter weightUnit). A station gives every call its own request id and sends a retried call
 * with the same one: the server answers the first answer again and weighs nothing twice.
 * Where the weight came from is the server's decision (a scale named by `scaleId`: the agent's
 * reading; any number under a user's session: typed by hand, which needs the manual-weighing right),
 * never a flag of the call.
 */
const id = idOrNumber;

/**
 * What a second weighing may be let through on once the operator confirms it, where the plant's
 * parameters allow (weigh-params.ts reversedOrder, netOutOfRange): the refusal names them in its
 * `data.confirm`, and the call sent again with them in `confirm` is taken and marked.
 */
export const CONFIRMABLE_FINDINGS = ['reversedOrder', 'netOutOfRange'] as const;
export type ConfirmableFinding = (typeof CONFIRMABLE_FINDINGS)[number];

export const TARE_CHOICES = ['weigh', 'stored', 'last', 'average', 'standard'] as const;
export type TareChoice = (typeof TARE_CHOICES)[number];

export const weighingBody = z
  .strictObject({
    registryId: id.optional(),
    cardUid: z.string().trim().toUpperCase().regex(/^[0-9A-F]{8}([0-9A-F]{6})?$/, 'IC卡号应为8位或14位十六进制').optional(),
    plate: z.string().trim().min(1, '车牌号不能为空').max(20, '车牌号过长').transform(normalisePlate).optional(),
    ticketId: id.optional(),
    weight: z
      .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/, '重量应为不小于0的数字')])
      .transform((v) => plainDecimal(v) ?? String(v))
      .refine((v) => Number(v) >= 0, '重量不能小于0')
      .refine((v) => Number(v) < 1e7, '重量不能大于等于10000000')
      .optional(),
    /**
     * a station program's own reading settled (the lane's); the server keeps it only where it means
     * something: a weight typed under a user's session is neither stable nor unstable, and a reading
     * taken from a scale (`scaleId`) is stable by the server's own test (domain/station source-rules.ts)
     */
    stable: z.boolean({ error: '稳定标志应为 true 或 false' }).default(true),
    weighedAt: instant('过磅时间').optional(),
    stationId: z.string({ error: '磅点编号不能为空' }).trim().min(1, '磅点编号不能为空').max(64, '磅点编号过长'),
    requestId: z.string({ error: '请求编号不能为空' }).trim().min(1, '请求编号不能为空').max(100, '请求编号过长'),
    snapshotFileIds: z.array(id).max(10, '抓拍图片最多10张').default([]),
    /** weigh the empty truck, or let the vehicle's stored tare stand for it (any, or one kind) */
    tare: z.enum(TARE_CHOICES, { error: '皮重来源应为 weigh、stored、last、average 或 standard' }).default('weigh'),
    /** a first weighing without a registry (production, other weighings): what is weighed */
    materialId: id.optional(),
    warehouseId: id.optional(),
    /** the first weighing: the stock address (库存地址) of its warehouse the goods are unloaded at or loaded from */
    stockAddressId: id.optional(),
    /** allot and transfer: which end of the movement this scale is */
    direction: z.enum(['receive', 'dispatch'], { error: '方向应为 receive 或 dispatch' }).optional(),
    /** take the weight from this scale's latest stable reading, as its station agent reported it (no `weight`) */
    scaleId: scaleIdField.optional(),
    /** what the operator confirmed after the refusal named it (CONFIRMABLE_FINDINGS) */
    confirm: z.array(z.enum(CONFIRMABLE_FINDINGS, { error: '确认项应为 reversedOrder 或 netOutOfRange' })).max(CONFIRMABLE_FINDINGS.length, '确认项过多').optional(),
  })
  .refine((b) => b.registryId || b.cardUid || b.plate || b.ticketId, { message: '请提供登记单、IC卡或车牌号', path: ['plate'] })
  .refine((b) => b.tare !== 'weigh' || b.weight !== undefined || b.scaleId !== undefined, { message: '重量不能为空', path: ['weight'] })
  .refine((b) => b.scaleId === undefined || b.weight === undefined, { message: '取仪表读数时不能同时录入重量', path: ['weight'] });
export type WeighingBody = z.infer<typeof weighingBody>;

/**
 * The weigh ticket's states in words, Chinese and English: the dictionary every screen that shows a
 * ticket's state reads (the ticket lists' options, the weighing screen's result, the reports).
 */
export const TICKET_STATE_LABELS: Record<string, { zh: string; en: string }> = {
  FIRST_WEIGHED: { zh: '一次过磅', en: 'First weighed' },
  CONFIRMED: { zh: '已确认', en: 'Confirmed' },
  COMPLETED: { zh: '已完成', en: 'Completed' },
  AUDITED: { zh: '已审核', en: 'Audited' },
  POSTED: { zh: '已过账', en: 'Posted' },
  CLOSED: { zh: '已关闭', en: 'Closed' },
  OBSOLETE: { zh: '已作废', en: 'Void' },
};

/** What a weighing answers: the ticket as it now stands and the checks that warned. */
export interface WeighingReply {
  ticketId: string;
  ticketNo: string;
  state: string;
  firstIs: 'GROSS' | 'TARE';
  gross: string | null;
  tare: string | null;
  tareSource: string | null;
  deductTotal: string;
  net: string | null;
  /** gross and tare swapped: the truck went the other way */
  swapped: boolean;
  warnings: { check: string; message: string }[];
  /** true when this is the answer to a call already taken (same station and request id) */
  replay: boolean;
}

/** Deductions a ticket may carry, typed at site confirmation or with the 扣重 button (the material's hidden one is the server's). */
export const TICKET_DEDUCTION_KINDS = ['water', 'impurity', 'detritus', 'stone', 'other', 'quality'] as const;

/** A number a row may leave blank ('' or null): blank is no value. */
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => null), schema]).nullish();

/** POST /api/weigh/{kind}/deduct: the ticket's deductions, each an amount in tons or a rate in percent of the net. */
export const deductBody = z.strictObject({
  id: id,
  deductions: z
    .array(
      z.strictObject({
        kind: z.enum(TICKET_DEDUCTION_KINDS, { error: '扣重类别应为 water、impurity、detritus、stone、other 或 quality' }),
        amount: blankOr(columnNumber({ ...TONS_COLUMN, min: 0, label: '扣重' })),
        rate: blankOr(columnNumber({ ...RATE_COLUMN, min: 0, label: '扣率' })),
      }),
    )
    .max(TICKET_DEDUCTION_KINDS.length, '每种扣重只能填一行'),
});
export type DeductBody = z.infer<typeof deductBody>;

/** POST /api/weigh/{kind}/modifyPrice: a new unit price for finished tickets (their amount follows), and why (kept in the log). */
export const modifyPriceBody = z.strictObject({
  ids: z.array(id).min(1, '请至少选择一条数据！').max(500),
  // wb_ticket.price NUMERIC(19,4); its decimals are rounded as the company's unit price precision says
  price: columnNumber({ ...MONEY_COLUMN, min: 0, round: true, label: '单价', notNumber: '单价应为不小于0的数字', belowMin: '单价应为不小于0的数字' }),
  reason: z.string({ error: '请填写改价原因' }).trim().min(1, '请填写改价原因').max(200, '改价原因不能超过200个字符'),
});

/** POST /api/weigh/{kind}/split: one completed ticket's net divided into parts (tons, adding up to it). */
export const splitBody = z.strictObject({
  id: id,
  parts: z
    .array(columnNumber({ ...TONS_COLUMN, min: 0, label: '拆分数量', notNumber: '拆分数量应为最多4位小数的数字' }))
    .min(2, '拆分至少分成两份')
    .max(20, '拆分最多20份'),
});

/**
 * POST /api/weigh/{kind}/deduct/preview (deductBody, the 扣重 right): what the deductions would
 * make of the ticket, computed as the deduct call computes it and nothing written, so the 扣重
 * dialog shows the server's figures before it saves. Weights in tons; `net` null while the
 * ticket has no second weighing.
 */
export interface DeductPreview {
  gross: string | null;
  tare: string | null;
  /** each deduction's tons, the material's hidden one (kind 'hidden') among them */
  lines: { kind: string; weight: string }[];
  deducted: string | null;
  net: string | null;
  amount: string | null;
}

/** GET /api/weigh/{kind}/moneyParams (the 修改单价 right): the decimals a ticket's price and amount keep, for ticketAmount. */
export interface TicketMoneyParams {
  moneyPrecision: number;
  unitPricePrecision: number;
}
