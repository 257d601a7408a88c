import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache of the app. Errors are shown by the request layer, so queries do not retry on their own
 * (439 is retried there); the guard reads the same cache with fetchQuery.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
