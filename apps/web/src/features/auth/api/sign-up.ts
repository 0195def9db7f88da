import type { SessionResponse, SignUpRequest } from '@bcp/contract';
import { api } from '../../../lib/api';

/** `POST person-users`: sign up; answers an unverified session and where its PIN went. */
export function signUp(body: SignUpRequest) {
  return api.post<SessionResponse>('app/person-users', { json: body });
}
