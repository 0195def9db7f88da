import { NOTIFICATION_DEFAULT_SORT, type NotificationResponse } from '@bcp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query key of a person user's notification list. */
export const notificationsKey = (personUserId: number) => ['notifications', personUserId] as const;

/**
 * `GET firebase/{id}/notification` (spec 7): the person user's notifications, query
 * `sort[]=id:desc` (spec 9 default) and `personUserId`.
 */
export function getNotifications(personUserId: number) {
  return api.get<NotificationResponse[]>(`app/firebase/${personUserId}/notification`, {
    query: { sort: [NOTIFICATION_DEFAULT_SORT], personUserId },
  });
}

/** The notification list while `enabled` (the Activities dialog is open); errors as values. */
export function useNotifications(personUserId: number, enabled: boolean) {
  return useQuery({
    queryKey: notificationsKey(personUserId),
    queryFn: () => getNotifications(personUserId),
    enabled,
    staleTime: 0,
  });
}
