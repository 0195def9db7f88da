import { TOAST_TIMEOUT_MS } from '@bcp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect, useRef, useState } from 'react';
import { RichText } from '../../components/lazy-rich-text';
import { i18next } from '../../i18n';
import type { ForegroundPush } from '../../lib/platform';
import { getApiToken } from '../../lib/session-store';
import { showToast } from '../../lib/toasts';
import { notificationTotalKey, useNotificationTotal } from './api/get-notification-total';
import { notificationsKey } from './api/get-notifications';
import { listenForNotifications } from './live-updates';
import { setUpPush } from './push-setup';

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
 * The Activities tab's state for a signed-in, verified member (spec sections 2 and 4): the unread
 * total for the red badge ('Unable to get notification totals' when it fails), the pulsing flag
 * set by a foreground message, push setup when the person user becomes set, and live updates
 * while the app is open. `open` shows the dialog and stops the pulsing.
 */
export function useActivities(personUserId: number | undefined, verified: boolean) {
  const queryClient = useQueryClient();
  const active = personUserId !== undefined && verified;
  const total = useNotificationTotal(personUserId, active);
  const [pulsing, setPulsing] = useState(false);
  const [opened, setOpened] = useState(false);
  const shown = useRef(new Set<number>());

  useEffect(() => {
    if (total.data?.error) showToast({ color: 'red', message: i18next.t('messages.notification.totalFailed') });
  }, [total.data]);

  useEffect(() => {
    if (!active || personUserId === undefined) return;
    const onForeground = (push: ForegroundPush & { id?: number }) => {
      if (push.id !== undefined) {
        if (shown.current.has(push.id)) return;
        shown.current.add(push.id);
      }
      setPulsing(true);
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
  }, [active, personUserId, queryClient]);

  return {
    total: total.data?.data ?? 0,
    pulsing,
    opened,
    open: () => {
      setPulsing(false);
      setOpened(true);
    },
    close: () => setOpened(false),
  };
}
