import { useEffect, useState } from 'react';
import { STATION_LIVE_PATH, type LiveReading, type ScaleLiveEvent, type TrendPoint } from '@wb/protocol';
import { useEventStream, type StreamStatus } from '@/platform/event-stream';
import { withReading } from './live-rules';

export type ScaleStatus = StreamStatus;

const REOPEN_MS = 2000;

/**
 * One scale's readings, pushed by the server as the station agent posts them (no polling): the
 * snapshot (latest and the last minute's trend) on every connect, then each reading, read through
 * the platform's event stream (platform/event-stream.ts).
 */
export function useScaleLive(scaleId: string | null): { latest: LiveReading | null; trend: TrendPoint[]; status: ScaleStatus } {
  const [latest, setLatest] = useState<LiveReading | null>(null);
  const [trend, setTrend] = useState<TrendPoint[]>([]);

  useEffect(() => {
    setLatest(null);
    setTrend([]);
  }, [scaleId]);

  const apply = (e: MessageEvent) => {
    const event = JSON.parse(e.data) as ScaleLiveEvent;
    if (event.type === 'snapshot') {
      setLatest(event.latest);
      setTrend(event.trend);
    } else {
      setLatest(event.reading);
      setTrend((t) => withReading(t, event.reading));
    }
  };
  const status = useEventStream(scaleId ? `${STATION_LIVE_PATH}?scaleId=${encodeURIComponent(scaleId)}` : null, {
    on: { snapshot: apply, reading: apply }, reopenMs: REOPEN_MS,
  });

  return { latest, trend, status };
}
