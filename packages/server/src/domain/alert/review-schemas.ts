import { z } from 'zod';
import { ALERT_FINDINGS, ALERT_SEVERITIES, ALERT_STATUSES, checkDate, idOrNumber, idSchema } from '@wb/protocol';

/**
 * The review's calls as they are sent: each problem is a 400 naming its field (zh-CN). Query
 * strings arrive as text, so numbers there are read from text.
 */
const day = (title: string) => z.string().superRefine((v, ctx) => {
  const c = checkDate(v, 'date');
  if (!c.ok) ctx.addIssue({ code: 'custom', message: `${title}${c.reason}` });
});
const page = (max: number, fallback: number, title: string) =>
  z.coerce.number({ error: `${title}应为数字` }).int(`${title}应为整数`).min(1, `${title}不能小于1`).max(max, `${title}不能大于${max}`).default(fallback);

export const alertFilter = z.strictObject({
  status: z.enum([...ALERT_STATUSES, 'ACTIVE'], { error: '状态应为 OPEN、ASSIGNED、CLOSED 或 ACTIVE' }).optional(),
  rule: z.string().trim().regex(/^[A-Z_]{1,40}$/, '预警规则不存在').optional(),
  severity: z.enum(ALERT_SEVERITIES, { error: '级别应为 HIGH、MEDIUM 或 LOW' }).optional(),
  finding: z.enum(ALERT_FINDINGS, { error: '结论应为 FRAUD、ERROR 或 NORMAL' }).optional(),
  plate: z.string().trim().max(20, '车牌号过长').optional(),
  operatorId: idSchema.optional(),
  assigneeId: idSchema.optional(),
  partyKind: z.enum(['VENDOR', 'CUSTOMER'], { error: '往来单位类型应为 VENDOR 或 CUSTOMER' }).optional(),
  partyId: idSchema.optional(),
  ticketId: idSchema.optional(),
  from: day('开始日期').optional(),
  to: day('结束日期').optional(),
  pn: page(100_000, 1, '页码'),
  ps: page(200, 20, '每页条数'),
}).refine((f) => !f.from || !f.to || f.from <= f.to, { message: '开始日期不能晚于结束日期', path: ['from'] });
export type AlertFilter = z.infer<typeof alertFilter>;

export const alertParams = z.object({ id: idSchema });
export const ruleParams = z.object({ rule: z.string().regex(/^[A-Z_]{1,40}$/, '预警规则不存在') });
export const ticketParams = z.object({ ticketId: idSchema });

const version = z.number({ error: '版本号(version)应为数字' }).int('版本号(version)应为整数').min(1, '版本号(version)应为正整数');

export const assignBody = z.strictObject({
  assigneeId: idOrNumber,
  version,
});

export const commentBody = z.strictObject({
  body: z.string({ error: '评论内容(body)不能为空' }).trim().min(1, '评论内容(body)不能为空').max(2000, '评论内容(body)不能超过2000字'),
});

export const closeBody = z.strictObject({
  finding: z.enum(ALERT_FINDINGS, { error: '结论(finding)应为 舞弊 FRAUD、差错 ERROR 或 正常 NORMAL' }),
  note: z.string({ error: '处理说明(note)应为文字' }).trim().max(2000, '处理说明(note)不能超过2000字').optional(),
  version,
});

export const reopenBody = z.strictObject({
  reason: z.string({ error: '重新打开原因(reason)不能为空' }).trim().min(1, '重新打开原因(reason)不能为空').max(2000, '重新打开原因(reason)不能超过2000字'),
  version,
});

export const settingBody = z.strictObject({
  enabled: z.boolean({ error: '启用(enabled)应为是或否' }),
  settings: z.unknown(),
});
