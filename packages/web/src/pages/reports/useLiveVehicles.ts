import { useEffect, useState } from 'react';
import { EventSource } from 'eventsource';
import { LIVE_VEHICLES_PATH, type LiveEvent, type LiveVehicle } from '@wb/protocol';
import { apiHeaders, refreshTokens } from '@/platform/api/http';
import { useSession } from '@/app/session/session-store';
import { applyLiveEvent } from './live-vehicles';

export type LiveStatus = 'connecting' | 'live' | 'lost' | 'forbidden';

const REOPEN_MS = 3000;

/**
 * The trucks in the plant, pushed by the server (no polling). The stream is opened with fetch so
 * it carries the bearer header like every other call (the browser's EventSource cannot); the
 * library reconnects by itself after a dropped connection, and the server sends the whole list
 * again on each connect. A refused connect (an expired token) refreshes the tokens and opens anew.
 */
export function useLiveVehicles(): { vehicles: LiveVehicle[]; status: LiveStatus; updatedAt: Date | null } {
  const orgId = useSession((s) => s.userInfo?.currentOrg ?? null);
  const [vehicles, setVehicles] = useState<LiveVehicle[]>([]);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const apply = (e: MessageEvent) => {
      const event = JSON.parse(e.data) as LiveEvent;
      setVehicles((list) => applyLiveEvent(list, event));
      setUpdatedAt(new Date());
      setStatus('live');
    };
    const open = () => {
      source = new EventSource(LIVE_VEHICLES_PATH, {
        fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, ...Object.fromEntries(apiHeaders().entries()) } }),
      });
      for (const type of ['snapshot', 'upsert', 'remove']) source.addEventListener(type, apply);
      source.addEventListener('error', (e) => {
        if (stopped) return;
        if (source?.readyState !== EventSource.CLOSED) return setStatus('lost');
        if (e.code === 403) return setStatus('forbidden');
        setStatus('lost');
        // the library gives up on an HTTP error: refresh an expired login, then open again
        timer = setTimeout(() => {
          void (e.code === 401 ? refreshTokens() : Promise.resolve(true)).then(() => !stopped && open());
        }, REOPEN_MS);
      });
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [orgId]);

  return { vehicles, status, updatedAt };
}
