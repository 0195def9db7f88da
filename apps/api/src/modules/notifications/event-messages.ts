import { type NotifyDependencies, notifyPersonUser } from './notify.service.js';

/**
 * Tells the member their identity check passed (issue 5 "identity verified"), called by the
 * identity provider's callback once the check moves to `passed`.
 */
export async function notifyIdentityVerified(deps: NotifyDependencies, personUserId: number) {
  return notifyPersonUser(deps, personUserId, {
    title: 'Identity verified',
    body: '<p>Your identity has been verified. You can now view and claim your benefits.</p>',
    event: 'identity.verified',
  });
}
