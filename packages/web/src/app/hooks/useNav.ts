import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MenuItem, NavReply } from '@wb/protocol';
import { useSession } from '@/app/session/session-store';
import { fetchNav } from '@/platform/api/workspace-api';
import { buildRouteIndex, visibleMenu, type RouteIndex } from '@/platform/menu/menu-routes';

export interface Nav {
  reply: NavReply | undefined;
  /** the tree the sidebar shows: handset entries dropped, role filter applied */
  menu: MenuItem[];
  index: RouteIndex;
  loaded: boolean;
  failed: boolean;
  retry(): void;
}

/** The user's menu in the current company; the key changes with the company, so a switch reloads it. */
export function useNav(): Nav {
  const orgId = useSession((s) => s.userInfo?.currentOrg ?? null);
  const roles = useSession((s) => s.userInfo?.roles);
  const query = useQuery({ queryKey: ['nav', orgId], queryFn: fetchNav, staleTime: 5 * 60_000 });
  const reply = query.data;
  const { refetch } = query;
  return useMemo(() => {
    const menu = reply ? visibleMenu(reply.menu, roles ?? reply.roles) : [];
    return {
      reply,
      menu,
      index: buildRouteIndex(menu, reply?.buttons ?? []),
      loaded: Boolean(reply),
      failed: query.isError,
      retry: () => void refetch(),
    };
  }, [reply, roles, query.isError, refetch]);
}
