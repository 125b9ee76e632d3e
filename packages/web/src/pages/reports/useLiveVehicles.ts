import { useState } from 'react';
import { LIVE_VEHICLES_PATH, type LiveEvent, type LiveVehicle } from '@wb/protocol';
import { useSession } from '@/app/session/session-store';
import { useEventStream, type StreamStatus } from '@/platform/event-stream';
import { applyLiveEvent } from './live-vehicles';

export type LiveStatus = Exclude<StreamStatus, 'idle'>;

/**
 * The trucks in the plant, pushed by the server (no polling), read through the platform's event
 * stream (platform/event-stream.ts); the server sends the whole list again on each connect, and
 * the stream is opened anew for another company.
 */
export function useLiveVehicles(): { vehicles: LiveVehicle[]; status: LiveStatus; updatedAt: Date | null } {
  const orgId = useSession((s) => s.userInfo?.currentOrg ?? null);
  const [vehicles, setVehicles] = useState<LiveVehicle[]>([]);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const apply = (e: MessageEvent) => {
    const event = JSON.parse(e.data) as LiveEvent;
    setVehicles((list) => applyLiveEvent(list, event));
    setUpdatedAt(new Date());
  };
  const status = useEventStream(LIVE_VEHICLES_PATH, { on: { snapshot: apply, upsert: apply, remove: apply }, deps: [orgId] });
  return { vehicles, status: status === 'idle' ? 'connecting' : status, updatedAt };
}
