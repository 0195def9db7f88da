import { createElement, lazy, type ReactNode, Suspense, useCallback, useState } from 'react';

const ActivityWatcher = lazy(async () => {
  const [{ ActivityWatcher: Watcher }, { withQueries }] = await Promise.all([
    import('./components/activity-watcher'),
    import('../../lib/with-queries'),
  ]);
  return { default: withQueries(Watcher) };
});

/**
 * The Activities tab's state (spec sections 2 and 4): the unread total for the red badge and the
 * pulsing flag set by a foreground message. `watcher` (the `ActivityWatcher`: total, push setup,
 * live updates) must be rendered by the layout; it is there only for a signed-in, verified member,
 * so its code (TanStack Query, push, live updates) is not part of the first page (issue 40 item 1).
 * `open` shows the dialog and stops the pulsing.
 */
export function useActivities(
  personUserId: number | undefined,
  verified: boolean,
): { total: number; pulsing: boolean; opened: boolean; open: () => void; close: () => void; watcher: ReactNode } {
  const [total, setTotal] = useState(0);
  const [pulsing, setPulsing] = useState(false);
  const [opened, setOpened] = useState(false);
  const onForeground = useCallback(() => setPulsing(true), []);
  const active = personUserId !== undefined && verified;

  return {
    total: active ? total : 0,
    pulsing,
    opened,
    open: () => {
      setPulsing(false);
      setOpened(true);
    },
    close: () => setOpened(false),
    watcher:
      active &&
      createElement(
        Suspense,
        { fallback: null },
        createElement(ActivityWatcher, { personUserId, onTotal: setTotal, onForeground }),
      ),
  };
}
