import type {
  WatchlistConfirmRequest,
  WatchlistMessageResponse,
  WatchlistPendingResponse,
  WatchlistRequest,
} from '@bcp/contract';
import { api } from '../../lib/api';

/** `POST watchlist` (issue 21 item 3): watch an ID number; a PIN goes to the phone or email. */
export function requestWatch(body: WatchlistRequest) {
  return api.post<WatchlistPendingResponse>('app/watchlist', { json: body });
}

/** `POST watchlist/{id}/confirm`: the PIN starts the watch. */
export function confirmWatch(watchId: number, body: WatchlistConfirmRequest) {
  return api.post<WatchlistMessageResponse>(`app/watchlist/${watchId}/confirm`, { json: body });
}
