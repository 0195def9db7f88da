import type { MessageCheckRequest, MessageCheckResponse } from '@bcp/contract';
import { api } from '../../lib/api';

/** `POST message-check`: did we send a message with this reference code to this phone number or email? */
export function checkMessage(body: MessageCheckRequest) {
  return api.post<MessageCheckResponse>('app/message-check', { json: body });
}
