import { TOAST_TIMEOUT_MS } from '@bcp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect, useRef } from 'react';
import { RichText } from '../../../components/lazy-rich-text';
import { i18next } from '../../../i18n';
import type { ForegroundPush } from '../../../lib/platform';
import { getApiToken } from '../../../lib/session-store';
import { showToast } from '../../../lib/toasts';
import { notificationTotalKey, useNotificationTotal } from '../api/get-notification-total';
import { notificationsKey } from '../api/get-notifications';
import { listenForNotifications } from '../live-updates';
import { setUpPush } from '../push-setup';

/** Shows a foreground message: top right, 8000 ms, title default 'Notification', body default 'No Body' (spec 8, 9). */
export function showForegroundToast(push: { title?: string | undefined; body?: string | undefined }): void {
  showToast({
    position: 'top-right',
    autoClose: TOAST_TIMEOUT_MS.foreground,
    title: push.title || i18next.t('messages.notification.toastTitleDefault'),
    message: push.body
      ? createElement(RichText, { html: push.body })
      : i18next.t('messages.notification.toastBodyDefault'),
  });
}

/**
 * The Activities tab's work for a signed-in, verified member (spec sections 2 and 4), rendered
 * only then (`useActivities`; its own chunk, inside `WithQueries`): reads the unread total
 * (`onTotal`; 'Unable to get notification totals' when it fails), sets up push for the person user
 * and listens for live updates while the app is open. Each foreground message (once per
 * notification id) is a toast, refreshes the total and the list, and calls `onForeground`.
 * Renders nothing.
 */
export function ActivityWatcher(props: {
  personUserId: number;
  onTotal: (total: number) => void;
  onForeground: () => void;
}) {
  const { personUserId, onTotal, onForeground: notify } = props;
  const queryClient = useQueryClient();
  const total = useNotificationTotal(personUserId, true);
  const shown = useRef(new Set<number>());

  useEffect(() => {
    if (total.data?.error) showToast({ color: 'red', message: i18next.t('messages.notification.totalFailed') });
    onTotal(total.data?.data ?? 0);
  }, [total.data, onTotal]);

  useEffect(() => {
    const onForeground = (push: ForegroundPush & { id?: number }) => {
      if (push.id !== undefined) {
        if (shown.current.has(push.id)) return;
        shown.current.add(push.id);
      }
      notify();
      showForegroundToast(push);
      void queryClient.invalidateQueries({ queryKey: notificationTotalKey(personUserId) });
      void queryClient.invalidateQueries({ queryKey: notificationsKey(personUserId) });
    };
    void setUpPush(personUserId, {
      positive: (message) => showToast({ color: 'teal', message }),
      negative: (message) => showToast({ color: 'red', message }),
      alert: (message) => window.alert(message),
      onForeground: (push) => onForeground({ ...push, id: Number(push.data?.notificationId) || undefined }),
    });
    return listenForNotifications({
      baseUrl: import.meta.env.BASE_URL,
      getToken: getApiToken,
      onNotification: (notification) =>
        onForeground({ id: notification.id, title: notification.title, body: notification.body }),
    });
  }, [personUserId, queryClient, notify]);

  return null;
}
