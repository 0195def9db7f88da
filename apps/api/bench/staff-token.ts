import type { Database } from '../src/db/client.js';
import { findRoleIdByName } from '../src/modules/roles/roles.service.js';
import { createStaffUser } from '../src/modules/users/users.service.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';

/** A super-admin with a verified session on the bench database: the bearer token. */
export async function staffToken(database: { db: Database }): Promise<string> {
  const roleId = await findRoleIdByName(database.db, 'super-admin');
  if (!roleId) throw new Error('the super-admin role is missing: did the app start?');
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@benefitfinder.co.za`;
  const user = await createStaffUser(
    database.db,
    { email, name: 'Bench', phoneNumber: undefined, twoFactorMethod: 'EMAIL', roleIds: [roleId], active: true },
    { actor: { type: 'system', label: 'bench' } },
    { passwordHash: 'bench-no-password' },
  );
  const session = await createSession(database.db, { area: 'admin', subjectId: user.id });
  await markSessionVerified(database.db, session.sessionId);
  return session.token;
}
