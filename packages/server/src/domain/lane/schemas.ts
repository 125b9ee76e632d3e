import { z } from 'zod';
import { idOrNumber } from '@wb/protocol';
import { LANE_REASONS } from './reasons';

/**
 * The lane's calls under its station credential (routes.ts). Each names its own problems by field
 * (a 400 naming it); numbers are bounded by the columns that keep them (weight numeric(12,3) in
 * wb_lane_intervention, the weighing's own bound below 10,000,000).
 */
const requestId = z.string({ error: '请求编号不能为空' }).trim().min(1, '请求编号不能为空').max(100, '请求编号过长');
const plate = z.string().trim().min(1, '车牌号不能为空').max(20, '车牌号过长');
const card = z.string().trim().min(1, 'IC卡号不能为空').max(32, 'IC卡号过长');
const weight = z.number({ error: '重量应为数字' }).min(0, '重量不能小于0').max(9_999_999, '重量不能大于9999999');
const unit = z.enum(['kg', 't'], { error: '单位应为 kg 或 t' });

export const laneLookupBody = z.strictObject({
  by: z.enum(['card', 'plate'], { error: '识别方式应为 card 或 plate' }),
  value: z.string({ error: '识别值不能为空' }).trim().min(1, '识别值不能为空').max(32, '识别值过长'),
});

export const laneWeighBody = z.strictObject({
  requestId,
  plate,
  card: card.optional(),
  registryId: idOrNumber.nullish(),
  weight,
  unit,
  stable: z.boolean({ error: '稳定标志应为 true 或 false' }),
  approvedByOperator: z.boolean({ error: '人工放行标志应为 true 或 false' }).default(false),
});
export type LaneWeighBody = z.infer<typeof laneWeighBody>;

/** A camera picture: JPEG or PNG, base64, at most 4 MB of bytes. */
const image = z.string({ error: '图片不能为空' }).min(1, '图片不能为空').max(6_000_000, '图片不能大于4MB').regex(/^[A-Za-z0-9+/=]+$/, '图片应为 base64');

export const laneInterventionBody = z.strictObject({
  requestId,
  reason: z.enum(LANE_REASONS as [string, ...string[]], { error: `原因应为 ${LANE_REASONS.join('、')}` }),
  message: z.string({ error: '说明不能为空' }).trim().min(1, '说明不能为空').max(500, '说明过长'),
  plate: plate.optional(),
  card: card.optional(),
  registryId: idOrNumber.nullish(),
  weight: weight.nullish(),
  unit: unit.optional(),
  /** the camera's picture of the refused truck, kept watermarked with the request for the remote operator */
  image: image.optional(),
});
export type LaneInterventionBody = z.infer<typeof laneInterventionBody>;

export const laneTicketBody = z.strictObject({ ticketNo: z.string({ error: '磅单号不能为空' }).trim().min(1, '磅单号不能为空').max(64, '磅单号过长') });

export const laneSnapshotBody = laneTicketBody.extend({ image });

export const laneAlarmBody = z.strictObject({ message: z.string({ error: '报警内容不能为空' }).trim().min(1, '报警内容不能为空').max(500, '报警内容过长') });

export const laneStatusBody = z.strictObject({
  queued: z.number({ error: '待发数量应为整数' }).int('待发数量应为整数').min(0, '待发数量不能小于0').max(2_147_483_647, '待发数量过大'),
  phase: z.string().trim().max(32, '状态过长').optional(),
});

/** The operator's answer (session, with its right): the rows chosen and an optional remark. */
export const interventionAnswerBody = z.strictObject({
  ids: z.array(idOrNumber, { error: '请选择要处理的记录' }).min(1, '请选择要处理的记录').max(100, '一次最多处理100条'),
  remark: z.string().trim().max(200, '处理意见过长').optional(),
});
