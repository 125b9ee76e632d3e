import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { INACTIVITY_LOCK_MS } from '@wb/protocol';
import { CLIENT_CONFIG_KEY } from '@/app/query-client';
import { isPublicPath } from '@/app/routing/redirect';
import { useSession } from '@/app/session/session-store';
import { lockScreen } from '@/app/session/session-actions';
import { fetchClientConfig } from '@/platform/api/workspace-api';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Locks the screen after the configured time without mouse or keyboard activity (spec: 40 min by
 * default). Sign-in and other public pages are exempt: nothing there is worth protecting.
 */
export function useInactivityLock(pathname: string): void {
  const signedIn = useSession((s) => Boolean(s.accessToken));
  const locked = useSession((s) => s.locked);
  const { data: config } = useQuery({ queryKey: CLIENT_CONFIG_KEY, queryFn: fetchClientConfig, staleTime: Infinity });
  const lockAfterMs = config?.lockAfterMs ?? INACTIVITY_LOCK_MS;
  const watching = signedIn && !locked && !isPublicPath(pathname);

  useEffect(() => {
    if (!watching || lockAfterMs <= 0) return;
    let last = Date.now();
    let timer = 0;
    const check = () => {
      const idle = Date.now() - last;
      if (idle >= lockAfterMs) lockScreen();
      else timer = window.setTimeout(check, lockAfterMs - idle);
    };
    const touch = () => {
      last = Date.now();
    };
    timer = window.setTimeout(check, lockAfterMs);
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, touch, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, touch, { capture: true });
    };
  }, [watching, lockAfterMs]);
}
