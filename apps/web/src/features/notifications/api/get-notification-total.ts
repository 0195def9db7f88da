import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query key of the unread notification total. */
export const notificationTotalKey = (personUserId: number) => ['notification-total', personUserId] as const;

/** `GET firebase/notification-total` (spec 7): the unread total, query `personUserId`. */
export function getNotificationTotal(personUserId: number) {
  return api.get<number>('app/firebase/notification-total', { query: { personUserId } });
}

/** The unread total for the Activities badge while `enabled` (signed in and verified). */
export function useNotificationTotal(personUserId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: notificationTotalKey(personUserId ?? 0),
    queryFn: () => getNotificationTotal(personUserId ?? 0),
    enabled: enabled && personUserId !== undefined,
  });
}
