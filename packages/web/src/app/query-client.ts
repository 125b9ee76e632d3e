import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/platform/api/http';

/** Failed calls are already reported by the api client; repeating a 4xx would only repeat the error. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => count < 1 && err instanceof ApiError && (err.status === 0 || err.status >= 500),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

export const CLIENT_CONFIG_KEY = ['client-config'] as const;

/** Everything cached for the signed-in user goes at sign-out and company switch; public config stays. */
export function forgetUserData(): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CLIENT_CONFIG_KEY[0] });
}
