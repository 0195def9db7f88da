import { randomInt } from 'node:crypto';
import type { Permission } from '@bcp/contract';
import type { FastifyInstance } from 'fastify';
import { createRole, findRoleIdByName } from '../../src/modules/roles/roles.service.js';
import { createStaffUser } from '../../src/modules/users/users.service.js';
import { hashPassword } from '../../src/platform/auth/passwords.js';
import { createSession, markSessionVerified } from '../../src/platform/auth/sessions.js';
import { call, latestOtp, STRONG_PASSWORD } from './accounts.js';

const TEST_ACTOR = { actor: { type: 'system', label: 'test' } } as const;

export interface Staff {
  userId: number;
  email: string;
  password: string;
  /** The role made for this user (undefined for super-admins). */
  roleId: number | undefined;
  /** A verified admin session's token. */
  token: string;
}

let sequence = randomInt(1000, 9000);

/** A unique staff email for this test file. */
export function staffEmail(prefix = 'staff'): string {
  sequence += 1;
  return `${prefix}${sequence}@benefitfinder.co.za`;
}

/**
 * A staff user with a password, holding a role made for them with exactly `permissions`
 * (`'super-admin'`: the super-admin role), and a verified admin session (created directly: tests of
 * sign-in itself go through `signInStaff` below).
 */
export async function createStaff(
  app: FastifyInstance,
  permissions: readonly Permission[] | 'super-admin',
  options: { email?: string; twoFactorMethod?: 'SMS' | 'EMAIL'; phoneNumber?: string } = {},
): Promise<Staff> {
  const email = options.email ?? staffEmail();
  let roleId: number | undefined;
  if (permissions === 'super-admin') {
    roleId = (await findRoleIdByName(app.db, 'super-admin')) as number;
  } else {
    const role = await createRole(
      app.db,
      { name: `role-for-${email}`, description: '', permissions: [...permissions] },
      TEST_ACTOR,
    );
    roleId = role.id;
  }
  const user = await createStaffUser(
    app.db,
    {
      email,
      name: 'Test Staff',
      phoneNumber: options.phoneNumber,
      twoFactorMethod: options.twoFactorMethod ?? 'EMAIL',
      roleIds: [roleId],
      active: true,
    },
    TEST_ACTOR,
    { passwordHash: await hashPassword(STRONG_PASSWORD) },
  );
  const session = await createSession(app.db, { area: 'admin', subjectId: user.id });
  await markSessionVerified(app.db, session.sessionId);
  return {
    userId: user.id,
    email,
    password: STRONG_PASSWORD,
    roleId: permissions === 'super-admin' ? undefined : roleId,
    token: session.token,
  };
}

/** Signs a staff user in through the API (password, then the PIN from the outbox): a verified token. */
export async function signInStaff(
  app: FastifyInstance,
  staff: { email: string; password: string; destination?: string },
): Promise<string> {
  const login = await call(app, 'POST', '/api/v1/admin-sessions/login', {
    body: { email: staff.email, password: staff.password },
  });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.statusCode} ${login.body}`);
  const { apiToken } = login.json();
  const otp = await latestOtp(app, staff.destination ?? staff.email);
  const verified = await call(app, 'POST', '/api/v1/admin-sessions/otp/verify', { token: apiToken, body: { otp } });
  if (verified.statusCode !== 200) throw new Error(`staff PIN failed: ${verified.statusCode} ${verified.body}`);
  return apiToken;
}
