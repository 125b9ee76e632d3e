import { z } from 'zod';
import { plantDateTime } from './dates';
import { idOrNumber } from './id';
import { columnNumber, TONS_COLUMN } from './numeric';

/**
 * A notice's own actions beside the document contract (documents.ts), at /api/notice/{kind}/:
 *
 *   POST {base}/updateMaxLimit  { lineId, maxLimit }                -> the line's quantities
 *   POST {base}/updateDone      { lineId, doneQuantity, reason }    -> the line's quantities
 *   POST {base}/updateEndTime   { id, endTime }                     -> { id, endTime }
 *   POST {base}/close, /reopen  { ids }                             -> { count }   (lifecycle actions)
 *   POST {base}/line/v2/list    listRequest: lines open for registries (popup 选择通知单明细)
 *   GET  {base}/import/template, POST {base}/import: header and lines from one sheet, one row per line
 *   POST /api/notice/al/received/v2/list, GET .../received/get/{id}: allot notices addressed to
 *        the caller's company (read only)
 *
 * They are run from the list's buttons as `page:noticeLine` dialogs (quantities of one line) and
 * `page:noticeEndTime`.
 */
const id = idOrNumber;
// a line's quantities are tons of NUMERIC(14,4) columns (max_limit, done_quantity)
const tons = (label: string) => columnNumber({ ...TONS_COLUMN, min: 0, label });

export const noticeMaxLimitBody = z.strictObject({ lineId: id, maxLimit: tons('最大限量') });
export type NoticeMaxLimitBody = z.infer<typeof noticeMaxLimitBody>;

export const noticeDoneBody = z.strictObject({ lineId: id, doneQuantity: tons('已执行量'), reason: z.string().max(200, '修改原因不能超过200个字符') });
export type NoticeDoneBody = z.infer<typeof noticeDoneBody>;

export const noticeEndTimeBody = z.strictObject({ id, endTime: z.string().min(1, '结束时间不能为空！').max(40).pipe(plantDateTime('结束时间')) });
export type NoticeEndTimeBody = z.infer<typeof noticeEndTimeBody>;

/** A line's quantities after an edit, as the dialog shows them. */
export interface NoticeLineQuantities {
  lineId: string;
  maxLimit: string;
  doneQuantity: string;
  inTransit: string;
  remaining: string;
}
