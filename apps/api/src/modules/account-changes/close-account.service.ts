import { type AdminCloseAccountResponse, PERSON_ADMIN_MESSAGES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { revokeSubjectSessions } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { removePersonUserDevices } from '../devices/index.js';
import { deletePersonUserImageRows, removeIdentityImageFiles } from '../identity-verifications/index.js';
import { deletePersonUserNotifications } from '../notifications/index.js';
import { removeAllPersonBanks } from '../person-banks/index.js';
import { findPersonUserOfPerson, markPersonUserClosed } from '../person-users/index.js';

/**
 * `DELETE /api/v1/benefits/person/user/delete/{id}` (person id; issue 18): closes a member's account
 * on their request, in one transaction: every session ends, devices, notifications, identity images
 * and bank accounts no claim used are removed, the account's email, phone and password are erased
 * (the account can no longer be found to sign in or reset), and the closing is audited
 * (`person-users.closed`, with the reason). The person (fund data), claims, payments, the bank
 * accounts claims used and the audit trail are kept (FAIS/FICA records; decision 025).
 * @throws AppError `not_found` (404): no person or no account; `conflict` (409): already closed
 */
export async function closeMemberAccount(
  deps: { db: Database; files: FileStore },
  personId: number,
  reason: string,
  context: AuditContext,
): Promise<AdminCloseAccountResponse> {
  const closedAt = new Date();
  const { result, imageFiles } = await deps.db.transaction(async (tx) => {
    const user = await findPersonUserOfPerson(tx, personId);
    if (user.closedAt)
      throw new AppError('conflict', PERSON_ADMIN_MESSAGES.accountClosed, undefined, { code: 'account_closed' });
    const sessionsEnded = await revokeSubjectSessions(tx, 'beneficiary', user.id, 'account_closed');
    const devicesRemoved = await removePersonUserDevices(tx, user.id);
    const notificationsRemoved = await deletePersonUserNotifications(tx, user.id);
    const bankAccountsRemoved = await removeAllPersonBanks(tx, user.id);
    const files = await deletePersonUserImageRows(tx, user.id);
    await markPersonUserClosed(tx, user.id, closedAt);
    const summary = {
      personUserId: user.id,
      closedAt: closedAt.toISOString(),
      sessionsEnded,
      devicesRemoved,
      notificationsRemoved,
      bankAccountsRemoved,
      identityImagesRemoved: files.length,
    };
    await recordAudit(tx, {
      ...context,
      action: 'person-users.closed',
      entityType: 'person-users',
      entityId: user.id,
      after: { ...summary, reason },
    });
    return { result: summary, imageFiles: files };
  });
  await removeIdentityImageFiles(deps.files, imageFiles);
  return result;
}
