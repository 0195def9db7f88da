import {
  ACCOUNT_MESSAGES,
  DEFAULT_LANGUAGE,
  type ErrorCode,
  type SessionResponse,
  type SignUpRequest,
} from '@bcp/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { createSession } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors/app-error.js';
import { assertMaySendOtp, issueOtp, type OtpDependencies } from '../../platform/otp/otp.service.js';
import { selectPersonIdByIdNumber } from '../../queries/member-accounts.js';
import { emailTaken, insertPersonUser, selectPersonUserOfPerson } from './person-users.repository.js';
import { findPersonUserById, toPendingPersonUserResponse, twoFactorDestination } from './person-users.service.js';

type SignUpInput = z.output<typeof SignUpRequest>;

/** The sign-up rules' codes, by message (decision 059). */
const SIGN_UP_CODES = {
  [ACCOUNT_MESSAGES.noBenefitsForIdNumber]: 'no_benefits_for_id_number',
  [ACCOUNT_MESSAGES.accountExists]: 'account_exists',
  [ACCOUNT_MESSAGES.emailInUse]: 'email_in_use',
} as const satisfies Record<string, ErrorCode>;

function refuse(field: string, message: keyof typeof SIGN_UP_CODES): AppError {
  return new AppError('validation', message, { [field]: [message] }, { code: SIGN_UP_CODES[message] });
}

/**
 * Sign-up (spec 7 `POST person-users`): creates the person user for the person with this ID
 * number (persons come from fund data), starts a session and sends the first sign-in PIN by the
 * chosen method. The session is not verified until the PIN is entered. The sign-up is audited
 * (`person-users.signed_up`, with the client's IP): several accounts from one address in a day are a
 * risk signal on their claims (issue 36 item 3).
 * @throws AppError `validation` (422): no benefits recorded for the ID number; an account exists
 *   for it (without saying more); the email belongs to another account
 * @throws AppError `throttled` (429) when the destination had a PIN too recently
 */
export async function signUpPersonUser(
  deps: OtpDependencies,
  input: SignUpInput,
  meta: { ip?: string; userAgent?: string },
): Promise<SessionResponse> {
  const { db } = deps;
  const personId = await selectPersonIdByIdNumber(db, input.idNumber);
  if (personId === undefined) throw refuse('idNumber', ACCOUNT_MESSAGES.noBenefitsForIdNumber);
  if (await selectPersonUserOfPerson(db, personId)) throw refuse('idNumber', ACCOUNT_MESSAGES.accountExists);
  if (input.email && (await emailTaken(db, input.email))) throw refuse('email', ACCOUNT_MESSAGES.emailInUse);
  const destination = input.twoFactorMethod === 'EMAIL' ? input.email : input.phoneNumber;
  if (destination) await assertMaySendOtp(db, destination, 'sign_in');

  let personUserId: number;
  try {
    personUserId = await insertPersonUser(db, {
      personId,
      email: input.email ?? null,
      phoneNumber: input.phoneNumber ?? null,
      passwordHash: await hashPassword(input.password),
      passwordChangedAt: new Date(),
      twoFactorMethod: input.twoFactorMethod,
      language: input.language ?? DEFAULT_LANGUAGE,
      termsAcceptedAt: new Date(),
    });
  } catch (error) {
    // Two sign-ups at once: the unique indexes decide, and the loser hears the same answer.
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') {
      throw refuse('idNumber', ACCOUNT_MESSAGES.accountExists);
    }
    throw error;
  }
  const user = await findPersonUserById(db, personUserId);
  if (!user) throw new Error('person user vanished');
  await recordAudit(db, {
    actor: { type: 'member', id: personUserId },
    ip: meta.ip ?? null,
    action: 'person-users.signed_up',
    entityType: 'person-users',
    entityId: personUserId,
  });
  const session = await createSession(db, { area: 'beneficiary', subjectId: user.id, ...meta });
  const otp = await issueOtp(
    deps,
    { purpose: 'sign_in', area: 'beneficiary', subjectId: user.id, sessionId: session.sessionId },
    twoFactorDestination(user),
  );
  return { apiToken: session.token, verified: false, personUser: toPendingPersonUserResponse(user), otp };
}
