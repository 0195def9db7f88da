import { renderMessage } from '../../platform/templating/render-message.js';
import { findMessagePreferences } from '../person-users/index.js';
import { type NotifyDependencies, notifyPersonUser } from './notify.service.js';

/**
 * Tells the member their identity check passed (issue 5 "identity verified"), called by the
 * identity provider's callback once the check moves to `passed`. The text is the template
 * `identity.verified` (kind push) when staff saved one, else the built-in default (issue 7).
 */
export async function notifyIdentityVerified(deps: NotifyDependencies, personUserId: number) {
  const language = (await findMessagePreferences(deps.db, [personUserId])).get(personUserId)?.language;
  const message = await renderMessage(deps.db, { key: 'identity.verified', kind: 'push', data: {}, language });
  return notifyPersonUser(deps, personUserId, {
    title: message.subject ?? 'Identity verified',
    body: message.html ?? message.text,
    event: 'identity.verified',
  });
}
