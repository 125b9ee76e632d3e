import { useCallback } from 'react';
import type { MenuButton } from '@wb/protocol';
import { buttonsOfMenu, hasPermission } from '@/platform/permissions/permissions';
import { useNav } from './useNav';

const NONE: Record<string, true> = {};

/** Permission checks against the signed-in user's map in the current company. */
export function usePermissions() {
  const { reply } = useNav();
  const map = reply?.permissions ?? NONE;
  const can = useCallback((key: string | null | undefined) => hasPermission(map, key), [map]);
  const buttonsOf = useCallback((menuId: string): MenuButton[] => buttonsOfMenu(reply?.buttons ?? [], menuId, map), [reply, map]);
  return { can, buttonsOf };
}
