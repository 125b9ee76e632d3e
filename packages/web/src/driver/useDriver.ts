import { useCallback, useEffect, useRef, useState } from 'react';
import { DriverCallError, driverApi, type Me, type Status, storeToken, takeToken } from './api';

/** What stops the page as a whole: no link, a dead link, too many calls, or no answer at all. */
export type Blocked = { kind: 'none' } | { kind: 'expired'; message: string } | { kind: 'limited'; message: string } | { kind: 'failed'; message: string };

export interface DriverSession {
  token: string;
  me: Me | null;
  status: Status | null;
  blocked: Blocked | null;
  /** the last poll failed for want of a network (the page keeps showing what it had) */
  offline: boolean;
  reload: () => void;
  /** a call's refusal that concerns the whole page (401, 429) stops it; others are the caller's */
  fail: (err: unknown) => string;
  /** after a booking: the server's token for the new trip becomes the page's */
  switchToken: (token: string) => void;
}

const DEFAULT_POLL_SECONDS = 5;

/**
 * The driver's data: who he is (/me) once and after each change, his truck's state polled at the
 * pace the server names (no faster than every 5 s, the per-token limit's share), and at once when
 * the phone's screen comes back on. A 401 or 429 anywhere turns the page into its explanation.
 */
export function useDriver(initialToken: string | null): DriverSession {
  const [token, setToken] = useState(initialToken ?? '');
  const [me, setMe] = useState<Me | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(initialToken ? null : { kind: 'none' });
  const [offline, setOffline] = useState(false);
  const [round, setRound] = useState(0);
  const pollSeconds = useRef(DEFAULT_POLL_SECONDS);
  const lastKey = useRef<string | null>(null);

  const fail = useCallback((err: unknown): string => {
    if (err instanceof DriverCallError) {
      if (err.status === 401) setBlocked({ kind: 'expired', message: err.message });
      else if (err.status === 429) setBlocked({ kind: 'limited', message: err.message });
      return err.message;
    }
    return String(err);
  }, []);

  const reload = useCallback(() => {
    setBlocked((b) => (b?.kind === 'none' ? b : null));
    setRound((r) => r + 1);
  }, []);

  const switchToken = useCallback((next: string) => {
    storeToken(next);
    setToken(next);
  }, []);

  // another link opened while the page is open (only the part after # changed: no new page load):
  // nothing of the truck before stays on the screen
  useEffect(() => {
    const onHash = () => {
      const next = takeToken();
      if (!next || next === token) return;
      setMe(null);
      setStatus(null);
      lastKey.current = null;
      setBlocked(null);
      setToken(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [token]);

  useEffect(() => {
    if (!token) return;
    let gone = false;
    driverApi.me(token).then(
      (m) => !gone && setMe(m),
      (err: unknown) => {
        if (gone) return;
        if (err instanceof DriverCallError && err.status === 0) setBlocked({ kind: 'failed', message: '' });
        else if (!(err instanceof DriverCallError && (err.status === 401 || err.status === 429))) setBlocked({ kind: 'failed', message: fail(err) });
        else fail(err);
      },
    );
    return () => {
      gone = true;
    };
  }, [token, round, fail]);

  useEffect(() => {
    if (!token || blocked) return;
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      clearTimeout(timer);
      try {
        const s = await driverApi.status(token);
        if (gone) return;
        pollSeconds.current = Math.max(DEFAULT_POLL_SECONDS, s.pollSeconds || DEFAULT_POLL_SECONDS);
        setOffline(false);
        // a change of state changes what /me says of the trip and the bookings
        const key = `${s.registryId}:${s.state}`;
        if (lastKey.current !== null && lastKey.current !== key) setRound((r) => r + 1);
        lastKey.current = key;
        setStatus(s);
      } catch (err) {
        if (gone) return;
        if (err instanceof DriverCallError && err.status === 0) setOffline(true);
        else fail(err);
      }
      if (!gone) timer = setTimeout(poll, pollSeconds.current * 1000);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    void poll();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      gone = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token, blocked, fail]);

  return { token, me, status, blocked, offline, reload, fail, switchToken };
}
