import { QueryClient } from "@tanstack/react-query";

/** Spec section 9: fresh 5 minutes, kept 10 minutes unused, one retry after 1 s, no focus or interval refetch by default. */
export const DEFAULT_STALE_MS = 5 * 60 * 1000;
export const DEFAULT_GC_MS = 10 * 60 * 1000;

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_MS,
        gcTime: DEFAULT_GC_MS,
        retry: 1,
        retryDelay: 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: 1, retryDelay: 1000 },
    },
  });
}
