import type { MemberLanguage, PersonUserResponse } from '@bcp/contract';
import { api } from '../../../lib/api';

/** `PUT person-users/me/language` (decision 036): the language of the member's SMS, email and push messages. */
export function saveMemberLanguage(language: MemberLanguage) {
  return api.put<PersonUserResponse>('app/person-users/me/language', { json: { language } });
}
