import type { NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToastContainer, subscribeToToastsWanted, toastsWanted } from '../lib/toasts';

const Notifications = lazy(loadToastContainer);

/**
 * Mantine's notices container (props as `Notifications`), mounted once the first notice is asked
 * for through `lib/toasts` (issue 14 item 7: the library is not part of the first load).
 */
export function ToastContainer(props: NotificationsProps) {
  const wanted = useSyncExternalStore(subscribeToToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
