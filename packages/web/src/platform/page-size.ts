import { useCallback, useState } from 'react';
import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@wb/protocol';
import { preferenceStore } from './storage';
import { useCurrentUser } from './session/current-user';

const keyOf = (userId: string, route: string) => `wb-page-size:${userId}:${route}`;

/** The page size a user last chose on a route (spec section 9: remembered per user and route). */
export function loadPageSize(userId: string, route: string): number {
  const saved = Number(preferenceStore.getItem(keyOf(userId, route)));
  return (PAGE_SIZES as readonly number[]).includes(saved) ? saved : PAGE_SIZE_DEFAULT;
}

export function savePageSize(userId: string, route: string, size: number): void {
  if ((PAGE_SIZES as readonly number[]).includes(size)) void preferenceStore.setItem(keyOf(userId, route), String(size));
}

/** The page size of a route for the signed-in user, and its change (remembered at once). */
export function usePageSize(route: string): [number, (size: number) => void] {
  const userId = useCurrentUser()?.user.id ?? '';
  const [size, setSize] = useState(() => loadPageSize(userId, route));
  const change = useCallback(
    (next: number) => {
      setSize(next);
      savePageSize(userId, route, next);
    },
    [userId, route],
  );
  return [size, change];
}
