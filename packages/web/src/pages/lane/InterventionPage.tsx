import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EventSource } from 'eventsource';
import { LIVE_VEHICLES_PATH } from '@wb/protocol';
import { apiHeaders, refreshTokens } from '@/platform/api/http';
import { usePage } from '@/app/layout/page-context';
import { useSession } from '@/app/session/session-store';
import TemplateListPage from '@/pages/template-list/TemplateListPage';

const REOPEN_MS = 3000;

/**
 * 过磅 / 远程干预: the queue's list (its LIST template), read again whenever a lane's request is made
 * or answered, by this operator or another (the live stream's `intervention` events). Without the
 * stream (no right to it, or the server away) the list still reloads on its own buttons.
 */
export default function InterventionPage() {
  const { page } = usePage();
  const client = useQueryClient();
  const orgId = useSession((s) => s.userInfo?.currentOrg ?? null);
  const menuId = page.menuId ?? '';

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const reload = () => {
      const template = client.getQueryData<{ id: string }>(['menu-template', 'LIST', menuId]);
      if (template) void client.invalidateQueries({ queryKey: ['template-list', template.id] });
    };
    const open = () => {
      source = new EventSource(LIVE_VEHICLES_PATH, {
        fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, ...Object.fromEntries(apiHeaders().entries()) } }),
      });
      source.addEventListener('intervention', reload);
      source.addEventListener('error', (e) => {
        if (stopped || source?.readyState !== EventSource.CLOSED || e.code === 403) return;
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
  }, [client, menuId, orgId]);

  return <TemplateListPage />;
}
