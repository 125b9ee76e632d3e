import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Replaces the address with `to`. Unlike <Navigate>, it fires again whenever the address it was
 * rendered for changes: navigations that overlap (sign-in, its redirect, a deep link) can leave a
 * <Navigate> mounted whose one-time effect has already run, stranding the user on a blank page.
 */
export function Redirect({ to, onLeave }: { to: string; onLeave?: () => void }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    onLeave?.();
    navigate(to, { replace: true });
  }, [to, pathname, search, navigate, onLeave]);
  return null;
}
