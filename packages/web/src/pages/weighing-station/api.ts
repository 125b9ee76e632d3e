import type { WeighingBody, WeighingReply } from '@wb/protocol';
import { call } from '@/platform/api/http';

type Sent = Omit<WeighingBody, 'stable' | 'snapshotFileIds' | 'tare'> & Partial<Pick<WeighingBody, 'stable' | 'snapshotFileIds' | 'tare'>>;

/** POST /api/weigh/{kind}/first or /second (protocol weighing.ts). */
export const sendWeighing = (kind: string, which: 'first' | 'second', body: Sent) =>
  call<WeighingReply>(`/weigh/${encodeURIComponent(kind)}/${which}`, { method: 'POST', body });
