import { z } from 'zod';
import { plantDateTime } from './dates';
import { idOrNumber } from './id';
import { columnNumber } from './numeric';

/**
 * Gauging (检尺) and batch numbers (批次号) of a weigh ticket (server domain/weighing/gauge and
 * domain/batch):
 *
 *   POST /api/weigh/{kind}/gauge      gaugeBody     -> GaugeReply     (the measured load of one ticket)
 *   GET  /api/weigh/{kind}/gauge/{id}                -> GaugeView      (its gauging, for the dialog)
 *   POST /api/weigh/sa/batchNo        ticketBatchBody -> TicketBatchReply (the production batch it was loaded from)
 *   POST /api/weigh/sa/silo           ticketSiloBody  -> TicketSiloReply  (the silo it is loaded at: its second weighing reads the silo's batch)
 *   POST /api/masterdata/batch/open   batchOpenBody  (开仓: a batch, existing or new, now filled into a silo)
 *   POST /api/masterdata/batch/close  { ids }  (idsBody, the list's batch button)
 *   POST /api/masterdata/batch/tests  batchTestsBody (the batch's own test values)
 *   GET  /api/masterdata/batch/detail/{id}          -> BatchDetail
 *   GET  /api/masterdata/batch/open/choices         -> BatchOpenChoices (开仓's silos and products)
 *   GET  /api/weigh/sa/silos                        -> SiloChoice[] (a sales ticket's silo choice)
 */
const id = idOrNumber;

/** Metres as the gauging keeps them: NUMERIC(7,3), above zero. */
const metres = (label: string) => columnNumber({ precision: 7, scale: 3, label, min: 0.001, belowMin: `${label}应大于0` });

export const GAUGE_METHODS = ['LOAD', 'BED'] as const;
export type GaugeMethod = (typeof GAUGE_METHODS)[number];

export const gaugeBody = z.strictObject({
  id,
  /** LOAD: the load's own length x width x height; BED: the bed's inner figures less the gap to its rim */
  method: z.enum(GAUGE_METHODS, { error: '检尺方式应为 LOAD(按装载尺寸) 或 BED(按车厢尺寸减高差)' }),
  length: metres('长度'),
  width: metres('宽度'),
  height: metres('高度'),
  gap: columnNumber({ precision: 7, scale: 3, label: '高差', min: 0, belowMin: '高差不能小于0' }).nullish(),
  gaugerName: z.string().trim().min(1, '检尺员不能为空').max(40, '检尺员不能超过40个字符').nullish(),
  gaugedAt: plantDateTime('检尺时间').nullish(),
  photoFileIds: z.array(id).max(10, '检尺照片最多10张').default([]),
  remark: z.string().trim().max(200, '备注不能超过200个字符').nullish(),
});
export type GaugeBody = z.infer<typeof gaugeBody>;

export interface GaugeReply {
  ticketId: string;
  ticketNo: string;
  /** m3, three decimals */
  volume: string;
  /** tons by the material's density, when the plant turns its volume into tons; else null */
  tons: string | null;
  priceBasis: 'NET' | 'VOLUME';
  /** the ticket's amount after the gauging (changed only for a ticket priced per m3) */
  amount: string | null;
}

export interface GaugeView {
  ticketId: string;
  ticketNo: string;
  materialName: string | null;
  gauged: boolean;
  density: string | null;
  gaugeToTons: boolean;
  net: string | null;
  priceBasis: 'NET' | 'VOLUME';
  gauge: null | {
    method: GaugeMethod; length: string; width: string; height: string; gap: string; volume: string; tons: string | null;
    gaugerName: string; gaugedAt: string; photoFileIds: string[]; remark: string | null;
  };
}

/** Exactly one of batchId (chosen) or siloId (its current batch); batchId null takes the batch off. */
export const ticketBatchBody = z.strictObject({
  id,
  batchId: id.nullish(),
  siloId: id.nullish(),
}).refine((b) => (b.batchId !== undefined) !== (b.siloId !== undefined && b.siloId !== null), {
  message: '请选择批次(batchId)或筒仓(siloId)，二者只填其一', path: ['batchId'],
});
export type TicketBatchBody = z.infer<typeof ticketBatchBody>;

export interface TicketBatchReply { ticketId: string; ticketNo: string; batchId: string | null; batchNo: string | null }

/** The silo a sales truck is loaded at (装车筒仓); null takes it off. */
export const ticketSiloBody = z.strictObject({ id, siloId: id.nullable() });
export type TicketSiloBody = z.infer<typeof ticketSiloBody>;
export interface TicketSiloReply { ticketId: string; ticketNo: string; siloId: string | null; siloName: string | null }

/**
 * 开仓: an existing batch (id) or a new one (batchNo, with its product) now filled into the silo;
 * the declared quantity and the time it was opened (default now) are written with it.
 */
export const batchOpenBody = z.strictObject({
  id: id.optional(),
  batchNo: z.string().trim().min(1, '批次号不能为空').max(40, '批次号不能超过40个字符').optional(),
  /** the product (物料) the batch is of; its code is the batch's material code */
  materialId: id.nullish(),
  quantity: columnNumber({ precision: 14, scale: 4, label: '申报数量', min: 0, belowMin: '申报数量不能小于0' }).nullish(),
  openedAt: plantDateTime('开仓时间').nullish(),
  siloId: id,
}).refine((b) => (b.id !== undefined) !== (b.batchNo !== undefined), { message: '请选择批次(id)或填写新批次号(batchNo)，二者只填其一', path: ['id'] });
export type BatchOpenBody = z.infer<typeof batchOpenBody>;
export const batchTestsBody = z.strictObject({
  id,
  values: z.array(z.strictObject({
    item: z.string().trim().min(1, '检验项目不能为空').max(40, '检验项目不能超过40个字符'),
    value: z.string().trim().min(1, '检验值不能为空').max(40, '检验值不能超过40个字符'),
    unit: z.string().trim().max(20, '单位不能超过20个字符').nullish(),
  })).max(30, '检验项目最多30项'),
});

export interface BatchDetail {
  id: string;
  batchNo: string;
  materialCode: string | null;
  producedOn: string | null;
  siloName: string | null;
  /** the produced (declared) quantity, tons; null: not declared */
  quantity: string | null;
  /** nets of its completed, audited and posted tickets */
  shipped: string;
  /** quantity - shipped; null when no quantity is declared */
  remaining: string | null;
  closedAt: string | null;
  /** when it was opened on its silo (开仓); null: not opened */
  openedAt: string | null;
  testValues: { item: string; value: string; unit?: string | null }[];
  tickets: { id: string; ticketNo: string; plateNumber: string; customerName: string | null; state: string; net: string | null; completedAt: string | null }[];
}

/** A silo as the dialogs offer it: what it holds and the batch it fills now. */
export interface SiloChoice { id: string; code: string; name: string; materialName: string | null; currentBatchNo: string | null }
export interface BatchOpenChoices { silos: SiloChoice[]; products: { id: string; code: string; name: string }[] }
