import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/app/session/session-store';
import { fetchUserInfo } from '@/platform/api/auth-api';

/** Reloads the user once per workspace start, so a reload shows current names, roles and companies. */
export function useUserInfoSync(): void {
  const setUserInfo = useSession((s) => s.setUserInfo);
  const { data } = useQuery({ queryKey: ['me'], queryFn: () => fetchUserInfo(), staleTime: Infinity });
  useEffect(() => {
    if (data) setUserInfo(data);
  }, [data, setUserInfo]);
}
