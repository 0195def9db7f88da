import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';

/** The app's one query client. */
const queryClient = new QueryClient({
  // The HTTP client already retries (spec section 9); the query layer must not retry again.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

/**
 * TanStack Query for what is inside (`QueryClientProvider` with the app's one client). Not in the
 * app's provider: the first page (`/auth/search`) uses no queries, so TanStack Query loads with the
 * first page, dialog or signed-in part that does (issue 40 item 1). Every such provider shares the
 * one client and so its cache.
 */
export function WithQueries(props: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>;
}

/** `Component` inside `WithQueries` (for lazily loaded pages and dialogs). */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Queried(props: P) {
    return (
      <WithQueries>
        <Component {...props} />
      </WithQueries>
    );
  };
}
