import type { MarkNotificationsReadResponse } from '@bcp/contract';
import { api } from '../../../lib/api';

/** `PUT firebase/notification/read`: marks the notifications the dialog showed as read; answers the new total. */
export function markNotificationsRead(ids: number[]) {
  return api.put<MarkNotificationsReadResponse>('app/firebase/notification/read', { json: { ids } });
}
