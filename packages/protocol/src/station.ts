import { z } from 'zod';

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
export const STATION_READINGS_PATH = '/api/station/readings';
export const STATION_LIVE_PATH = '/api/station/live';
export const STATION_SCALES_PATH = '/api/station/scales';
export const TICKET_CHECK_API = '/api/public/ticket-check';
/** The public page a ticket's QR code opens: /check/{token} */
export const TICKET_CHECK_PAGE = '/check';

/** The scheme of the station agent's Authorization header. */
export const STATION_AUTH_SCHEME = 'Station';

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
  at: z.iso.datetime({ offset: true, error: '读数时间应为带时区的 ISO 时间' }),
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
/** The key is in this answer only: the server keeps its hash. */
export interface StationCredentialIssued { id: string; stationName: string; scaleId: string; key: string; keyPrefix: string }

/** One reading as the browser sees it; `receivedAt` is the server's clock (staleness is judged on it). */
export interface LiveReading {
  scaleId: string;
  seq: number;
  at: string;
  receivedAt: string;
  weight: string;
  unit: 'kg' | 't';
  stable: boolean;
  net: string | null;
  tare: string | null;
}
/** The recent trend: [ms since epoch (agent's at), weight as shown] */
export type TrendPoint = [number, string];
export type ScaleLiveEvent =
  | { type: 'snapshot'; scaleId: string; latest: LiveReading | null; trend: TrendPoint[] }
  | { type: 'reading'; reading: LiveReading };

export interface ScaleInfo { scaleId: string; stationName: string; latest: LiveReading | null }

/** What a ticket's public check page shows: nothing else of the ticket. */
export interface TicketCheck {
  ticketNo: string;
  company: string;
  kindTitle: string;
  state: string;
  unit: string;
  gross: string | null;
  tare: string | null;
  net: string | null;
  grossTime: string | null;
  tareTime: string | null;
  completedAt: string | null;
}
