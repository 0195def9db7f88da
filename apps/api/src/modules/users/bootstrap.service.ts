import { RULE_MESSAGES, SUPER_ADMIN_ROLE, strongPassword, zEmail } from '@bcp/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { issueResetToken } from '../../platform/auth/reset-tokens.js';
import { AppError } from '../../platform/errors/app-error.js';
import { syncPermissions } from '../../platform/rbac/permission-sync.js';
import { createRole, findRoleIdByName } from '../roles/index.js';
import { PASSWORD_LINK_TTL_SECONDS, passwordLinkUrl } from './password-link.service.js';
import { anyStaffUser } from './users.repository.js';
import { createStaffUser } from './users.service.js';

/** The demo staff accounts (README "Back office (staff)"); development data only. */
export const DEMO_STAFF = {
  admin: { email: 'admin@benefitfinder.co.za', name: 'Demo Admin', password: 'Admin#Demo2026' },
  reviewer: { email: 'reviewer@benefitfinder.co.za', name: 'Demo Reviewer', password: 'Review#Demo2026' },
  approver: { email: 'approver@benefitfinder.co.za', name: 'Demo Approver', password: 'Approve#Demo2026' },
} as const;

/** The demo reviewer role: works the task queue and reads users and audit trails, changes nothing else. */
export const REVIEWER_ROLE = {
  name: 'reviewer',
  description: 'Works the task queue; reads users and audit trails.',
  permissions: ['tasks.read', 'tasks.resolve', 'users.read', 'audits.read'],
} as const;

/**
 * The demo approver role (issue 36): reviews, assigns and approves claims, so that with the demo
 * admin two people can take a claim over a fund's second-approval amount through four-eyes.
 */
export const APPROVER_ROLE = {
  name: 'approver',
  description: 'Reviews, assigns and approves claims (the second pair of eyes on payouts).',
  permissions: [
    'benefits.read',
    'claims.read',
    'claims.review',
    'claims.approve',
    'claims.assign',
    'persons.read',
    'tasks.read',
    'audits.read',
  ],
} as const;

const BOOTSTRAP = { actor: { type: 'system', label: 'admin:create' } } as const;

/**
 * Creates a staff user holding the super-admin role (`npm run admin:create`), e.g. the first one.
 * With `password` (checked against the strong-password rule) they can sign in at once; without
 * it the answer carries a link to set it (72 hours). Audited `users.created` by the system.
 * @throws AppError `validation` for a bad email or weak password, or an email in use
 */
export async function createSuperAdmin(
  db: Database,
  input: { email: string; name?: string; password?: string },
  publicUrl: string,
): Promise<{ userId: number; passwordLink?: string }> {
  const email = zEmail().safeParse(input.email);
  if (!email.success) throw new AppError('validation', RULE_MESSAGES.email, { email: [RULE_MESSAGES.email] });
  if (input.password !== undefined) {
    const verdict = input.password === '' ? RULE_MESSAGES.required : strongPassword(input.password);
    if (verdict !== true)
      throw new AppError('validation', verdict, { password: [verdict] }, { code: 'password_too_weak' });
  }
  await syncPermissions(db);
  const roleId = (await findRoleIdByName(db, SUPER_ADMIN_ROLE)) as number;
  const user = await createStaffUser(
    db,
    {
      email: email.data.toLowerCase(),
      name: input.name ?? email.data.split('@')[0] ?? 'Administrator',
      phoneNumber: undefined,
      twoFactorMethod: 'EMAIL',
      roleIds: [roleId],
      active: true,
    },
    BOOTSTRAP,
    input.password ? { passwordHash: await hashPassword(input.password) } : {},
  );
  if (input.password) return { userId: user.id };
  const { token } = await issueResetToken(db, { area: 'admin', subjectId: user.id }, PASSWORD_LINK_TTL_SECONDS.invite);
  return { userId: user.id, passwordLink: passwordLinkUrl(publicUrl, token) };
}

/**
 * On a database without staff users: the demo admin (super-admin role), the demo reviewer (role
 * `reviewer`, fewer permissions) and the demo approver (role `approver`), with the passwords of
 * `DEMO_STAFF`. Does nothing when any staff user exists.
 * @returns whether they were created
 */
export async function seedDemoStaffIfNone(db: Database, log: FastifyBaseLogger): Promise<boolean> {
  if (await anyStaffUser(db)) return false;
  await syncPermissions(db);
  const reviewerRole = await createRole(
    db,
    { name: REVIEWER_ROLE.name, description: REVIEWER_ROLE.description, permissions: [...REVIEWER_ROLE.permissions] },
    BOOTSTRAP,
  );
  const approverRole = await createRole(
    db,
    { name: APPROVER_ROLE.name, description: APPROVER_ROLE.description, permissions: [...APPROVER_ROLE.permissions] },
    BOOTSTRAP,
  );
  await createSuperAdmin(db, DEMO_STAFF.admin, 'http://localhost');
  for (const [staff, roleId] of [
    [DEMO_STAFF.reviewer, reviewerRole.id],
    [DEMO_STAFF.approver, approverRole.id],
  ] as const) {
    await createStaffUser(
      db,
      {
        email: staff.email,
        name: staff.name,
        phoneNumber: undefined,
        twoFactorMethod: 'EMAIL',
        roleIds: [roleId],
        active: true,
      },
      BOOTSTRAP,
      { passwordHash: await hashPassword(staff.password) },
    );
  }
  log.info({ staff: Object.values(DEMO_STAFF).map((staff) => staff.email) }, 'demo staff created');
  return true;
}
