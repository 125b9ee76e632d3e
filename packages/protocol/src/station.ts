import { z } from 'zod';
import { instant } from './dates';

/**
 * The scale floor (issue 13): what a station agent sends, what the browser receives, and a ticket's
 * public check.
 *
 *   POST /api/station/readings          header `Authorization: Station <key>`, stationReadingsBody
 *                                       -> { accepted }   (a reading at or before the last one taken is ignored)
 *   GET  /api/station/scales            the company's scales with their latest reading (weighing page)
 *   GET  /api/station/live?scaleId=X    text/event-stream: `snapshot` (latest + trend), then `reading`
 *   POST /api/station/credential/issue  stationCredentialIssueBody -> { id, key, ... } (the key shown once)
 *   POST /api/station/credential/revoke { ids } -> { count }
 *   GET  /api/public/ticket-check/{token}  no sign-in -> TicketCheck
 */
/** A scale's id as its credential names it (letters, digits, _ . # -): also in the weighing call. */
export const scaleIdField = z.string({ error: '秤编号不能为空' }).trim().regex(/^[A-Za-z0-9_.#-]{1,32}$/, '秤编号应为1到32位字母、数字或 _ . # -');

/** The indicator's figure as it shows it, sign and decimals included. */
const shownWeight = (label: string) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
    if (!/^-?\d{1,7}(\.\d{1,4})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${label}应为最多7位整数、4位小数的数字` });
      return z.NEVER;
    }
    return text;
  });

export const stationReadingBody = z.strictObject({
  /** the agent's counter, rising by reading; it may start again from 0 (a restart, a wrap) */
  seq: z.number({ error: '序号应为整数' }).int('序号应为整数').min(0, '序号不能小于0').max(2 ** 31 - 1, '序号应小于2147483648'),
  at: instant('读数时间'),
  weight: shownWeight('重量'),
  unit: z.enum(['kg', 't'], { error: '单位应为 kg 或 t' }),
  stable: z.boolean({ error: '稳定标志应为 true 或 false' }),
  net: shownWeight('净重').optional(),
  tare: shownWeight('皮重').optional(),
});
export type StationReading = z.infer<typeof stationReadingBody>;

export const stationReadingsBody = z.strictObject({
  scaleId: scaleIdField,
  readings: z.array(stationReadingBody, { error: '读数应为数组' }).min(1, '读数不能为空').max(500, '一次最多500条读数'),
});
export type StationReadingsBody = z.infer<typeof stationReadingsBody>;
export interface StationReadingsReply { accepted: number }

export const stationCredentialIssueBody = z.strictObject({
  stationName: z.string({ error: '磅点名称不能为空' }).trim().min(1, '磅点名称不能为空').max(64, '磅点名称过长'),
  scaleId: scaleIdField,
  remark: z.string().trim().max(200, '备注过长').optional(),
});
export type StationCredentialIssueBody = z.infer<typeof stationCredentialIssueBody>;
