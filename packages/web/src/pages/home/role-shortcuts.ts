import { useQuery } from '@tanstack/react-query';
import type { MenuItem } from '@wb/protocol';
import { call } from '@/platform/api/http';
import { flattenLeaves } from '@/platform/menu/menu-routes';

const NO_IDS: string[] = [];

/**
 * The pages set for the user's roles (首页快捷入口, GET /system/home-shortcut/mine), found in his
 * menu with the folder each stands in; the server answers only pages his menu grants.
 */
export function roleShortcuts(menu: readonly MenuItem[], ids: readonly string[]): { area: MenuItem; leaf: MenuItem }[] {
  const found = new Map<string, { area: MenuItem; leaf: MenuItem }>();
  for (const area of menu) for (const leaf of flattenLeaves(area.children)) found.set(String(leaf.id), { area, leaf });
  return ids.flatMap((id) => found.get(id) ?? []);
}

export function useRoleShortcuts(menu: readonly MenuItem[], orgId: string | null) {
  const { data } = useQuery({
    queryKey: ['home-shortcuts', orgId],
    queryFn: async () => (await call<{ list: { id: string }[] }>('/system/home-shortcut/mine', { quiet: true })).list.map((c) => String(c.id)),
  });
  return roleShortcuts(menu, data ?? NO_IDS);
}
