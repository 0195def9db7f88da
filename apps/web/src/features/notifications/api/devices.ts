import type { DeviceRemoveResponse, DeviceRequest, DeviceResponse, WebPushKeyResponse } from '@bcp/contract';
import { api } from '../../../lib/api';

/** `POST firebase/device` (spec 7): registers this device's push token for the person user (idempotent). */
export function saveDevice(body: DeviceRequest) {
  return api.post<DeviceResponse>('app/firebase/device', { json: body });
}

/** `DELETE firebase/device`: forgets a push token (unsubscribed). */
export function removeDevice(token: string) {
  return api.delete<DeviceRemoveResponse>('app/firebase/device', { json: { token } });
}

/** `GET firebase/web-push-key`: the VAPID public key (base64url) to subscribe with. */
export function getWebPushKey() {
  return api.get<WebPushKeyResponse>('app/firebase/web-push-key');
}
