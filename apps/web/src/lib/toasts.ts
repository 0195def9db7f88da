import type { NotificationData } from '@mantine/notifications';
import { withAllStyles } from './all-styles';

/**
 * The app's notices (toasts, spec section 9) without @mantine/notifications in the first load
 * (issue 14 item 7): the library is fetched the first time a notice is shown, and the container
 * (`app/toast-container.tsx`) mounts then. A notice shown while it loads is kept in the library's
 * store and appears when the container mounts.
 */
type NotificationsModule = typeof import('@mantine/notifications');

let loading: Promise<NotificationsModule> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<NotificationsModule> {
  if (!loading) {
    loading = withAllStyles(import('@mantine/notifications'));
    for (const listener of listeners) listener();
  }
  return loading;
}

/**
 * Shows a notice (Mantine's `notifications.show` data: `id`, `color`, `title`, `message`, `autoClose`
 * in ms), as given: callers pass texts already in the app's language (`t(...)`, `translateError`).
 */
export function showToast(data: NotificationData): void {
  void load().then((module) => module.notifications.show(data));
}

/** Hides the notice with this `id`; nothing to do when no notice was ever shown. */
export function hideToast(id: string): void {
  if (loading) void loading.then((module) => module.notifications.hide(id));
}

/** True once a notice was asked for (the container should be mounted). */
export function toastsWanted(): boolean {
  return loading !== undefined;
}

/** Calls `listener` when the first notice is asked for; returns the unsubscribe function. */
export function subscribeToToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The library's container component, for `React.lazy`. */
export function loadToastContainer() {
  return load().then((module) => ({ default: module.Notifications }));
}
