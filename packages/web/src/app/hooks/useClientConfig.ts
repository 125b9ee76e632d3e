import { useQuery } from '@tanstack/react-query';
import { CLIENT_CONFIG_KEY } from '@/app/query-client';
import { fetchClientConfig } from '@/platform/api/workspace-api';

export function useClientConfig() {
  return useQuery({ queryKey: CLIENT_CONFIG_KEY, queryFn: fetchClientConfig, staleTime: Infinity }).data;
}
