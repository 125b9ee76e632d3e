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
