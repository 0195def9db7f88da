import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * TanStack Query for what is inside (`QueryClientProvider` with the back office's one client). Not
 * in the app's provider: the sign-in page uses no queries, so TanStack Query loads with the first
 * page or signed-in part that does (issue 40 item 1, decision 064). Every such provider shares the
 * one client and so its cache.
 */
export function WithQueries(props: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>;
}

/** `Component` inside `WithQueries` (for lazily loaded pages). */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Queried(props: P) {
    return (
      <WithQueries>
        <Component {...props} />
      </WithQueries>
    );
  };
}
