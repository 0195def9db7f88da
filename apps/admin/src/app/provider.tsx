import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/** The HTTP client already retries (spec 9); the query layer must not retry again. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

/** Theme, data fetching and notices (top right, 5 s) for the whole back office. */
export function AppProvider(props: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" autoClose={5000} />
      <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
    </MantineProvider>
  );
}
