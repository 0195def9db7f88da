import type { LoginRequest, SessionResponse } from '@bcp/contract';
import { api } from '../../../lib/api';

/** `POST beneficiary-sessions/login`: password sign-in; answers an unverified session. */
export function login(body: LoginRequest) {
  return api.post<SessionResponse>('app/beneficiary-sessions/login', { json: body });
}
