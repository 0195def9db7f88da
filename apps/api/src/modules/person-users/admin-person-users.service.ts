import { type AdminPersonUserResponse, CLAIM_MESSAGES, PERSON_ADMIN_MESSAGES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { selectPersonUserActivity } from '../../queries/admin-person-user.js';
import { selectBenefitPersonId } from '../../queries/member-accounts.js';
import { type PersonUserRow, selectPersonUserOfPerson } from './person-users.repository.js';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * The member account of a person.
 * @throws AppError `not_found` (404, "This person has no member account.")
 */
export async function findPersonUserOfPerson(db: Database, personId: number): Promise<PersonUserRow> {
  const user = await selectPersonUserOfPerson(db, personId);
  if (!user) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.noAccount, undefined, { code: 'account_not_found' });
  return user;
}

/**
 * `GET /api/v1/benefits/{id}/user` (issue 18): the account of the benefit's person: sign-up and
 * verification details, notification settings, identity checks, devices (tokens masked) and
 * sessions (never tokens). The view is audited (`person-users.viewed`).
 * @throws AppError `not_found` (404): no benefit, or the person has no account
 */
export async function getBenefitUserForStaff(
  db: Database,
  benefitId: number,
  context: AuditContext,
): Promise<AdminPersonUserResponse> {
  const personId = await selectBenefitPersonId(db, benefitId);
  if (personId === undefined)
    throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound, undefined, { code: 'benefit_not_found' });
  const user = await findPersonUserOfPerson(db, personId);
  const { checks, devices: deviceRows, sessions: sessionRows } = await selectPersonUserActivity(db, user.id);
  await recordAudit(db, {
    ...context,
    action: 'person-users.viewed',
    entityType: 'person-users',
    entityId: user.id,
    after: { benefitId },
  });
  return {
    id: user.id,
    personId: user.personId,
    email: user.email,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    phoneNumber: user.phoneNumber,
    phoneVerifiedAt: iso(user.phoneVerifiedAt),
    iidentifiiVerified: user.iidentifiiVerified,
    iidentifiiVerifiedAt: iso(user.iidentifiiVerifiedAt),
    failedLoginCount: user.failedLoginCount,
    lockedAt: iso(user.lockedAt),
    termsAcceptedAt: user.termsAcceptedAt.toISOString(),
    closedAt: iso(user.closedAt),
    createdAt: user.createdAt.toISOString(),
    notificationSettings: { twoFactorMethod: user.twoFactorMethod },
    identityChecks: checks.map((check) => ({
      id: check.id,
      provider: check.provider,
      status: check.status,
      failureReason: check.failureReason,
      createdAt: check.createdAt.toISOString(),
      completedAt: iso(check.completedAt),
    })),
    devices: deviceRows.map((device) => ({
      id: device.id,
      source: device.source,
      tokenMasked: `…${device.token.slice(-6)}`,
      createdAt: device.createdAt.toISOString(),
      refreshedAt: device.refreshedAt.toISOString(),
    })),
    sessions: sessionRows.map((session) => ({
      id: session.id,
      verified: session.verified,
      ip: session.ip,
      userAgent: session.userAgent,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      revokedAt: iso(session.revokedAt),
      revokedReason: session.revokedReason,
    })),
  };
}
