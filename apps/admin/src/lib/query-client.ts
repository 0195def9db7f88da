import { QueryClient } from '@tanstack/react-query';

/** The one query cache. The HTTP client already retries (spec 9); the query layer must not retry again. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});
