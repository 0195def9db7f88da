import type { OtpRequiredResponse, PersonUserResponse, TwoFactorMethodRequest } from '@bcp/contract';
import { api } from '../../../lib/api';

/**
 * `PUT person-users/{id}/twoFactorMethod` (spec 7): the updated person user, or (202) a PIN sent
 * to a new destination, to be confirmed by repeating the call with `otp`.
 */
export function updateTwoFactorMethod(personUserId: number, body: TwoFactorMethodRequest) {
  return api.put<PersonUserResponse | OtpRequiredResponse>(`app/person-users/${personUserId}/twoFactorMethod`, {
    json: body,
  });
}
