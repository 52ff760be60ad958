import { QueryClient } from '@tanstack/react-query';
import { apiGet } from './client';

/** Defaults: no interval or focus refetch, never stale, no retries, unused data kept 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey, signal }) => apiGet(String(queryKey[0]), signal),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
