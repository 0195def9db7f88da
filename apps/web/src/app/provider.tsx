import { TOAST_TIMEOUT_MS } from '@bcp/contract';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

const theme = createTheme({
  primaryColor: 'teal',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});

const queryClient = new QueryClient({
  // The HTTP client already retries (spec section 9); the query layer must not retry again.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

/** Theme, data fetching and notices (default toast 5000 ms, spec section 9) for the whole app. */
export function AppProvider(props: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" autoClose={TOAST_TIMEOUT_MS.default} />
      <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
    </MantineProvider>
  );
}
