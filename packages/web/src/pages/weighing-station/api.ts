import type { WeighingBody, WeighingReply } from '@wb/protocol';
import { STATION_SCALES_PATH, type ScaleInfo } from '@wb/protocol';
import { call } from '@/platform/api/http';

type Sent = Omit<WeighingBody, 'stable' | 'snapshotFileIds' | 'tare'> & Partial<Pick<WeighingBody, 'stable' | 'snapshotFileIds' | 'tare'>>;

/** POST /api/weigh/{kind}/first or /second (protocol weighing.ts). */
export const sendWeighing = (kind: string, which: 'first' | 'second', body: Sent) =>
  // a refusal is the page's to show: one the operator may confirm opens the confirmation with its data
  call<WeighingReply>(`/weigh/${encodeURIComponent(kind)}/${which}`, { method: 'POST', body, expected: [400] });

/** The company's scales wired to the platform (GET /api/station/scales); none when the caller may not view them. */
export const loadScales = () =>
  call<ScaleInfo[]>(STATION_SCALES_PATH.replace(/^\/api/, ''), { expected: [403], quiet: true }).catch(() => [] as ScaleInfo[]);

/** The truck as the server reads it before a weighing (GET /api/weigh/{kind}/truck; server weighing/truck-info.ts). */
export interface TruckInfo {
  registryNo: string; plate: string; noticeNo: string | null; materialName: string | null; partyName: string | null;
  first: { ticketNo: string; side: 'GROSS' | 'TARE'; weight: string; time: string | null } | null;
}
export type TruckLookup = { found: true; truck: TruckInfo } | { found: false; message: string };
export const lookTruck = (kind: string, by: { plate: string } | { cardUid: string }) =>
  call<TruckLookup>(`/weigh/${encodeURIComponent(kind)}/truck`, { query: by, quiet: true });
