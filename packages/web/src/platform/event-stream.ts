import { useEffect, useRef, useState } from 'react';
import { EventSource } from 'eventsource';
import { apiHeaders, refreshTokens } from '@/platform/api/http';

/**
 * The one way a page reads a server-sent event stream (the scale's readings, the plant's trucks,
 * the remote interventions, the approval counts). The stream is opened with fetch so it carries
 * the bearer header like every other call (the browser's EventSource cannot). The library
 * reconnects by itself after a dropped connection; it gives up on an HTTP error, and then an
 * expired login (401) is refreshed and the stream opened anew after `reopenMs`, while a refusal
 * (`refusedOn`, 403 by default) is final: status `forbidden`, `onRefused` told, no asking again.
 *
 * `url` null: nothing is opened (status `idle`). The stream is opened again when `url` or `deps`
 * change; the handlers may change on every render (the latest ones are called).
 */
export type StreamStatus = 'idle' | 'connecting' | 'live' | 'lost' | 'forbidden';

export interface EventStreamOptions {
  /** per event name: what to do with each event (its `data` is the server's text, usually JSON) */
  on: Record<string, (event: MessageEvent) => void>;
  /** what else opens the stream again (another company) */
  deps?: readonly unknown[];
  reopenMs?: number;
  /** the HTTP codes after which the stream is not opened again */
  refusedOn?: readonly number[];
  onRefused?(code: number | undefined): void;
}

const DEFAULT_REOPEN_MS = 3000;

export function useEventStream(url: string | null, options: EventStreamOptions): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>(url ? 'connecting' : 'idle');
  const latest = useRef(options);
  latest.current = options;
  const names = Object.keys(options.on).sort().join(',');
  const { reopenMs = DEFAULT_REOPEN_MS, refusedOn = [403] } = options;
  const refused = refusedOn.join(',');

  useEffect(() => {
    if (!url) {
      setStatus('idle');
      return;
    }
    setStatus('connecting');
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const open = () => {
      source = new EventSource(url, {
        fetch: (u, init) => fetch(u, { ...init, headers: { ...init.headers, ...Object.fromEntries(apiHeaders().entries()) } }),
      });
      for (const name of names.split(',').filter(Boolean)) {
        source.addEventListener(name, (e: MessageEvent) => {
          if (stopped) return;
          latest.current.on[name]?.(e);
          setStatus('live');
        });
      }
      source.addEventListener('error', (e) => {
        if (stopped) return;
        // still open: the library is reconnecting by itself
        if (source?.readyState !== EventSource.CLOSED) return setStatus('lost');
        if (e.code !== undefined && refused.split(',').map(Number).includes(e.code)) {
          setStatus('forbidden');
          latest.current.onRefused?.(e.code);
          return;
        }
        setStatus('lost');
        timer = setTimeout(() => {
          void (e.code === 401 ? refreshTokens() : Promise.resolve(true)).then(() => !stopped && open());
        }, reopenMs);
      });
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
    // the handlers are read through the ref; what opens the stream anew is the url, the events listened to and deps
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, names, reopenMs, refused, ...(options.deps ?? [])]);

  return status;
}
