import { Suspense, useCallback } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '@/app/session/session-store';
import { PageLoading } from '@/app/layout/PageLoading';
import { useInactivityLock } from '@/app/hooks/useInactivityLock';
import { OidcCallback } from '@/pages/login/OidcCallback';
import { historyWorthKeeping, LOGIN_PATH, oidcCallback, redirectFor } from './redirect';
import { Redirect } from './Redirect';

/** Applies the redirect rules to every address before any page renders. */
export function RootFrame() {
  const location = useLocation();
  const signedIn = useSession((s) => Boolean(s.accessToken));
  const locked = useSession((s) => s.locked);
  useInactivityLock(location.pathname);

  const answer = oidcCallback(location.pathname, location.search);
  if (answer) return <OidcCallback answer={answer} />;

  const target = redirectFor(location.pathname, { signedIn, locked });
  if (target) return <RedirectRemembering to={target} from={location.pathname + location.search} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

/** A signed-out visitor's deep link is kept, to be opened after sign-in. */
function RedirectRemembering({ to, from }: { to: string; from: string }) {
  const rememberHistory = useSession((s) => s.rememberHistory);
  const keep = to === LOGIN_PATH && historyWorthKeeping(from);
  const remember = useCallback(() => {
    if (keep) rememberHistory(from);
  }, [keep, from, rememberHistory]);
  return <Redirect to={to} onLeave={remember} />;
}
