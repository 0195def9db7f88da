import { randomInt } from 'node:crypto';
import { buildSaIdNumber, parseSaIdNumber } from '@bcp/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.js';
import { persons, personUsers } from '../../src/db/schema/index.js';
import { identityVerificationRoutes } from '../../src/modules/identity-verifications/app.routes.js';
import { identitySandboxRoutes } from '../../src/modules/identity-verifications/sandbox.routes.js';
import { createIdentityProvider, IDENTITY_CALLBACK_PATH } from '../../src/platform/identity/identity-provider.js';

/** What a test may choose about a person user; everything else gets a valid, unique default. */
export interface PersonUserOverrides {
  /** A valid 13-digit SA ID number; default: a fresh one (date of birth and gender follow from it). */
  idNumber?: string;
  firstName?: string;
  lastName?: string;
  /** Account email (lower-case); default: a unique `member-<n>@example.test`; null for none. */
  email?: string | null;
  /** E.164; default none. */
  phoneNumber?: string | null;
  twoFactorMethod?: 'SMS' | 'EMAIL';
  iidentifiiVerified?: boolean;
  /** Default: a placeholder that matches no password. */
  passwordHash?: string;
}

/** The rows a fixture created. */
export interface CreatedPersonUser {
  personId: number;
  personUserId: number;
  idNumber: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

let sequence = randomInt(0, 4000);

/** A valid ID number not used before in this test file (date of birth 1985-2004, sequence varies). */
export function uniqueIdNumber(): string {
  sequence += 1;
  const year = 1985 + (sequence % 20);
  const dayOfYear = Math.floor(sequence / 20) % 28;
  const dateOfBirth = `${year}-${String((sequence % 12) + 1).padStart(2, '0')}-${String(dayOfYear + 1).padStart(2, '0')}`;
  return buildSaIdNumber(dateOfBirth, sequence % 10_000);
}

/**
 * Inserts a person and their person user directly (no sign-up flow), for tests that need a member.
 * @returns the ids and the details used
 */
export async function createPersonUser(db: Database, overrides: PersonUserOverrides = {}): Promise<CreatedPersonUser> {
  const idNumber = overrides.idNumber ?? uniqueIdNumber();
  const parsed = parseSaIdNumber(idNumber);
  if (!parsed.valid) throw new Error(`createPersonUser: invalid ID number (${parsed.reason})`);
  const firstName = overrides.firstName ?? 'Thandi';
  const lastName = overrides.lastName ?? 'Mokoena';
  const email = overrides.email === undefined ? `member-${sequence}-${randomInt(1e9)}@example.test` : overrides.email;
  const [person] = await db
    .insert(persons)
    .values({ idNumber, firstName, lastName, dateOfBirth: parsed.dateOfBirth, gender: parsed.gender })
    .returning({ id: persons.id });
  if (!person) throw new Error('createPersonUser: no person inserted');
  const [personUser] = await db
    .insert(personUsers)
    .values({
      personId: person.id,
      email,
      phoneNumber: overrides.phoneNumber ?? null,
      passwordHash: overrides.passwordHash ?? 'not-a-real-argon2-hash',
      twoFactorMethod: overrides.twoFactorMethod ?? 'EMAIL',
      iidentifiiVerified: overrides.iidentifiiVerified ?? false,
      iidentifiiVerifiedAt: overrides.iidentifiiVerified ? new Date() : null,
      termsAcceptedAt: new Date(),
    })
    .returning({ id: personUsers.id });
  if (!personUser) throw new Error('createPersonUser: no person user inserted');
  return { personId: person.id, personUserId: personUser.id, idNumber, firstName, lastName, email };
}

/**
 * Gives a test server the identity provider and the identity routes (callback and sandbox pages),
 * unless `buildApp` already does: call it from `createTestApp({ prepare })`. The provider follows
 * the test's configuration (`IDENTITY_PROVIDER`), as in `buildApp`.
 */
export async function ensureIdentityVerification(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('identityProvider')) {
    app.decorate('identityProvider', createIdentityProvider(app.config, { logger: app.log }));
  }
  if (!app.hasRoute({ method: 'POST', url: IDENTITY_CALLBACK_PATH })) {
    await app.register(identityVerificationRoutes, { prefix: '/api/app' });
  }
  if (!app.hasRoute({ method: 'GET', url: '/api/identity-sandbox/checks/:reference' })) {
    await app.register(identitySandboxRoutes, { prefix: '/api' });
  }
}
