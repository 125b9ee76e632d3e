import type { NoticeDoneBody, NoticeEndTimeBody, NoticeLineQuantities, NoticeMaxLimitBody } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** The notice's own calls (server domain/notice/routes.ts); base is the family's, without /api. */
const path = (base: string) => base.replace(/^\/api(?=\/)/, '');

export interface NoticeLine {
  id: string; lineSeq: number; materialName: string | null; quantity: string; maxLimit: string; lineDone: string; lineInTransit: string; lineRemaining: string;
}
export interface NoticeEntity { id: string; noticeNo: string; docStatus: string; endTime: string | null; startTime: string | null; entitysub: NoticeLine[] }

export const getNotice = (base: string, id: string) => call<NoticeEntity>(`${path(base)}/get/${encodeURIComponent(id)}`);

export const updateMaxLimit = (base: string, body: NoticeMaxLimitBody) =>
  call<NoticeLineQuantities>(`${path(base)}/updateMaxLimit`, { method: 'POST', body });

export const updateDone = (base: string, body: NoticeDoneBody) =>
  call<NoticeLineQuantities>(`${path(base)}/updateDone`, { method: 'POST', body });

export const updateEndTime = (base: string, body: NoticeEndTimeBody) =>
  call<{ id: string; endTime: string }>(`${path(base)}/updateEndTime`, { method: 'POST', body });
