import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/**
 * Theme and notices (top right, 5 s) for the whole back office. Data fetching (TanStack Query) is
 * provided by the lazily loaded parts that use it (`lib/with-queries.tsx`, decision 064).
 */
export function AppProvider(props: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" autoClose={5000} />
      {props.children}
    </MantineProvider>
  );
}
