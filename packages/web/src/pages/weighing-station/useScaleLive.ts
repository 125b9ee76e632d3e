import { useEffect, useState } from 'react';
import { EventSource } from 'eventsource';
import { STATION_LIVE_PATH, type LiveReading, type ScaleLiveEvent, type TrendPoint } from '@wb/protocol';
import { apiHeaders, refreshTokens } from '@/platform/api/http';
import { withReading } from './live-rules';

export type ScaleStatus = 'idle' | 'connecting' | 'live' | 'lost' | 'forbidden';

const REOPEN_MS = 2000;

/**
 * One scale's readings, pushed by the server as the station agent posts them (no polling): the
 * snapshot (latest and the last minute's trend) on every connect, then each reading. Opened with
 * fetch so it carries the bearer header, as the plant's live list is (pages/reports/useLiveVehicles).
 */
export function useScaleLive(scaleId: string | null): { latest: LiveReading | null; trend: TrendPoint[]; status: ScaleStatus } {
  const [latest, setLatest] = useState<LiveReading | null>(null);
  const [trend, setTrend] = useState<TrendPoint[]>([]);
  const [status, setStatus] = useState<ScaleStatus>('idle');

  useEffect(() => {
    setLatest(null);
    setTrend([]);
    if (!scaleId) return setStatus('idle');
    setStatus('connecting');
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const apply = (e: MessageEvent) => {
      const event = JSON.parse(e.data) as ScaleLiveEvent;
      if (event.type === 'snapshot') {
        setLatest(event.latest);
        setTrend(event.trend);
      } else {
        setLatest(event.reading);
        setTrend((t) => withReading(t, event.reading));
      }
      setStatus('live');
    };
    const open = () => {
      source = new EventSource(`${STATION_LIVE_PATH}?scaleId=${encodeURIComponent(scaleId)}`, {
        fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, ...Object.fromEntries(apiHeaders().entries()) } }),
      });
      source.addEventListener('snapshot', apply);
      source.addEventListener('reading', apply);
      source.addEventListener('error', (e) => {
        if (stopped) return;
        if (source?.readyState !== EventSource.CLOSED) return setStatus('lost');
        if (e.code === 403) return setStatus('forbidden');
        setStatus('lost');
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
  }, [scaleId]);

  return { latest, trend, status };
}
