import { useCallback, useState } from 'react';
import { useSession } from '@/app/session/session-store';
import { loadPageSize, savePageSize } from '@/platform/page-size';

export function usePageSize(route: string): [number, (size: number) => void] {
  const userId = useSession((s) => s.userInfo?.user.id ?? '');
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
