import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/** Theme, data fetching and notices (top right, 5 s) for the whole back office. */
export function AppProvider(props: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" autoClose={5000} />
      <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
    </MantineProvider>
  );
}
