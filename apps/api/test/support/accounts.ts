import { buildSaIdNumber } from '@bcp/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { oneTimePins } from '../../src/db/schema/index.js';
import { upsertPersonsByIdNumber } from '../../src/modules/persons/persons.service.js';
import { xsrfPair } from './test-app.js';

/** A request through the real server with the XSRF pair, and a bearer token when given. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const pair = xsrfPair();
  return app.inject({
    method,
    url,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    cookies: pair.cookies,
    headers: {
      ...pair.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/**
 * Counts the people made in this worker: test files share it (decision 077, `isolate: false`), so
 * what is built from it wraps around (a file makes far fewer than 9,000 people).
 */
let sequence = 0;

/** A person from fund data (as a member file would create them), with a fresh valid ID number. */
export async function createPerson(
  app: FastifyInstance,
  firstName = 'Thandi',
): Promise<{ idNumber: string; personId: number }> {
  sequence += 1;
  const idNumber = buildSaIdNumber(`1980-0${1 + (sequence % 9)}-1${sequence % 10}`, 1000 + (sequence % 9000));
  const ids = await upsertPersonsByIdNumber(app.db, [
    {
      idNumber,
      firstName,
      lastName: 'Mokoena',
      dateOfBirth: '1980-01-01',
      gender: 'female',
      email: null,
      phoneNumber: null,
    },
  ]);
  return { idNumber, personId: ids.get(idNumber) as number };
}

/** The latest PIN sent to a destination, read from the development outbox route. */
export async function latestOtp(app: FastifyInstance, destination: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/dev/otp?destination=${encodeURIComponent(destination)}`,
  });
  if (response.statusCode !== 200) throw new Error(`no PIN for ${destination}: ${response.body}`);
  return response.json().otp;
}

/** Lets the next PIN to a destination be sent now (the 60 s resend rule), by ageing earlier ones. */
export async function ageOtps(app: FastifyInstance, destination: string, seconds: number): Promise<void> {
  await app.db
    .update(oneTimePins)
    .set({ createdAt: sql`${oneTimePins.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(oneTimePins.destination, destination));
}

export const STRONG_PASSWORD = 'Sunshine#2026';

export interface Member {
  idNumber: string;
  personUserId: number;
  email: string;
  phoneNumber: string;
  password: string;
  /** A verified session's token. */
  token: string;
}

/** Signs a new member up through the API and enters the PIN: a verified session. */
export async function signUpMember(
  app: FastifyInstance,
  overrides: { twoFactorMethod?: 'SMS' | 'EMAIL'; language?: 'en' | 'af' | 'zu' } = {},
): Promise<Member> {
  const person = await createPerson(app);
  const email = `member${sequence}@example.co.za`;
  const phoneNumber = `+2782555${String(sequence % 10_000).padStart(4, '0')}`;
  // Each member signs up from an address of their own, as members do: per-IP limits stay out of
  // the way of tests that make many members.
  const remoteAddress = `10.200.${Math.floor(sequence / 250) % 250}.${(sequence % 250) + 1}`;
  const signUp = await call(app, 'POST', '/api/app/person-users', {
    remoteAddress,
    body: {
      idNumber: person.idNumber,
      email,
      phoneNumber,
      password: STRONG_PASSWORD,
      passwordConfirmation: STRONG_PASSWORD,
      twoFactorMethod: overrides.twoFactorMethod ?? 'SMS',
      acceptTerms: true,
      ...(overrides.language ? { language: overrides.language } : {}),
    },
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
  const { apiToken, personUser } = signUp.json();
  const otp = await latestOtp(app, overrides.twoFactorMethod === 'EMAIL' ? email : phoneNumber);
  const verified = await call(app, 'POST', '/api/app/beneficiary-sessions/verifyOtp', {
    remoteAddress,
    token: apiToken,
    body: { otp },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return {
    idNumber: person.idNumber,
    personUserId: personUser.id,
    email,
    phoneNumber,
    password: STRONG_PASSWORD,
    token: apiToken,
  };
}
