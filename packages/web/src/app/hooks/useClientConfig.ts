import { useQuery } from '@tanstack/react-query';
import { CLIENT_CONFIG_KEY } from '@/app/query-client';
import { fetchClientConfig } from '@/platform/api/workspace-api';

export function useClientConfig() {
  return useQuery({ queryKey: CLIENT_CONFIG_KEY, queryFn: fetchClientConfig, staleTime: Infinity }).data;
}

/** True once the plant's time zone is known (the client config answered), or the config could not be had (the default zone stands). */
export function usePlantZoneReady(): boolean {
  const q = useQuery({ queryKey: CLIENT_CONFIG_KEY, queryFn: fetchClientConfig, staleTime: Infinity });
  return q.data !== undefined || q.isError;
}
