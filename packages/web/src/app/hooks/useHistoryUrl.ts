import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/app/session/session-store';

/** A deep link that met the sign-in page is opened once, after the menu has loaded, then forgotten. */
export function useHistoryUrl(menuLoaded: boolean): void {
  const historyUrl = useSession((s) => s.historyUrl);
  const rememberHistory = useSession((s) => s.rememberHistory);
  const navigate = useNavigate();
  useEffect(() => {
    if (!menuLoaded || !historyUrl) return;
    rememberHistory(null);
    navigate(historyUrl, { replace: true });
  }, [menuLoaded, historyUrl, rememberHistory, navigate]);
}
