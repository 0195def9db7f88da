import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_LANGUAGE,
  type ErrorCode,
  type MemberLanguage,
  maskEmail,
  maskPhoneNumber,
  type OtpSentResponse,
} from '@bcp/contract';
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oneTimePins } from '../../db/schema/one-time-pins.js';
import type { SessionArea } from '../auth/sessions.js';
import { AppError } from '../errors/app-error.js';
import type { Messenger } from '../messaging/messenger.js';
import { OTP_PURPOSE_TEXT } from '../templating/message-translations.js';
import { renderMessage } from '../templating/render-message.js';
import { handedOver } from '../wiring/handed-over.js';

/**
 * OTP rules (DESIGN.md "OTP"; issue 3): 6 digits, valid 10 minutes, single use, bound to its
 * purpose (and sign-in PINs to their session), dead after 5 wrong entries; a new PIN to a
 * destination no sooner than 60 s after the last, and at most 5 an hour.
 */
export const OTP_RULES = {
  digits: 6,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  resendAfterSeconds: 60,
  maxPerHourPerDestination: 5,
} as const;

export type OtpPurpose = 'sign_in' | 'password_reset' | 'destination_change' | 'bank_account_change' | 'watchlist';
export type OtpChannel = 'SMS' | 'EMAIL';

export interface OtpDependencies {
  db: Database;
  messenger: Messenger;
  /** Server secret for the PIN's HMAC. */
  secret: string;
}

export interface OtpSubject {
  purpose: OtpPurpose;
  area: SessionArea;
  subjectId: number;
  /** Sign-in PINs belong to the session they complete. */
  sessionId?: number;
}

/** Masks a destination for screens and answers. */
export function maskDestination(channel: OtpChannel, destination: string): string {
  return channel === 'EMAIL' ? maskEmail(destination) : maskPhoneNumber(destination);
}

function pinHash(secret: string, subject: OtpSubject, code: string): string {
  return createHmac('sha256', secret)
    .update(`${subject.purpose}:${subject.area}:${subject.subjectId}:${code}`)
    .digest('hex');
}

function subjectFilter(subject: OtpSubject) {
  return and(
    eq(oneTimePins.purpose, subject.purpose),
    eq(oneTimePins.subjectArea, subject.area),
    eq(oneTimePins.subjectId, subject.subjectId),
    subject.sessionId === undefined ? undefined : eq(oneTimePins.sessionId, subject.sessionId),
  );
}

/**
 * A member's recorded language by person-user id (decision 036), undefined for an unknown member.
 * Person users are person-users' table, which platform does not read (issue 35): person-users gives
 * this lookup at start-up (`useMemberLanguage`, from its module's `install`).
 */
export type MemberLanguageLookup = (db: Database, personUserId: number) => Promise<MemberLanguage | undefined>;

const memberLanguage = handedOver<MemberLanguageLookup>(
  'person-users has not given platform/otp its member-language lookup',
);

/** Gives the PINs their member-language lookup; person-users calls it at start-up. */
export function useMemberLanguage(lookup: MemberLanguageLookup): void {
  memberLanguage.give(lookup);
}

/**
 * The language of a PIN message (decision 036): the member's recorded one; staff read English.
 * @throws Error for a member's PIN when person-users has not given its lookup (a wiring mistake)
 */
async function recipientLanguage(db: Database, subject: OtpSubject): Promise<MemberLanguage> {
  if (subject.area !== 'beneficiary') return DEFAULT_LANGUAGE;
  return (await memberLanguage.take()(db, subject.subjectId)) ?? DEFAULT_LANGUAGE;
}

/**
 * Refuses a new PIN to `destination` sooner than 60 s after the last one for the same purpose (a
 * resend), or beyond 5 in an hour for any purpose. A sign-in PIN right after a reset PIN is fine.
 * Callers that create something before sending (a session, an account) check first.
 * @throws AppError `throttled` (429) with `Retry-After` in seconds
 */
export async function assertMaySendOtp(
  db: Database,
  destination: string,
  purpose: OtpPurpose,
  now: Date = new Date(),
): Promise<void> {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const recent = await db
    .select({ createdAt: oneTimePins.createdAt, purpose: oneTimePins.purpose })
    .from(oneTimePins)
    .where(and(eq(oneTimePins.destination, destination), gt(oneTimePins.createdAt, hourAgo)))
    .orderBy(asc(oneTimePins.createdAt));
  const last = recent.filter((pin) => pin.purpose === purpose).at(-1);
  let waitSeconds = 0;
  if (last) waitSeconds = OTP_RULES.resendAfterSeconds - (now.getTime() - last.createdAt.getTime()) / 1000;
  const oldest = recent[0];
  if (oldest && recent.length >= OTP_RULES.maxPerHourPerDestination) {
    waitSeconds = Math.max(waitSeconds, 3600 - (now.getTime() - oldest.createdAt.getTime()) / 1000);
  }
  if (waitSeconds > 0) {
    const seconds = Math.ceil(waitSeconds);
    throw new AppError('throttled', `Please wait ${seconds} seconds before asking for a new PIN.`, undefined, {
      code: 'otp_resend_too_soon',
      params: { retryAfterSeconds: seconds },
      headers: { 'retry-after': String(seconds) },
    });
  }
}

/**
 * Sends a new PIN for `subject` to `destination` by `channel`; earlier PINs of the same subject
 * and purpose stop working. The PIN is stored only as an HMAC.
 * @throws AppError `throttled` (429, `Retry-After`) when the destination had a PIN too recently
 */
export async function issueOtp(
  deps: OtpDependencies,
  subject: OtpSubject,
  delivery: { channel: OtpChannel; destination: string },
  now: Date = new Date(),
): Promise<OtpSentResponse> {
  await assertMaySendOtp(deps.db, delivery.destination, subject.purpose, now);
  const code = String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');
  const expiresAt = new Date(now.getTime() + OTP_RULES.ttlSeconds * 1000);
  await deps.db
    .update(oneTimePins)
    .set({ invalidatedAt: now })
    .where(and(subjectFilter(subject), isNull(oneTimePins.consumedAt), isNull(oneTimePins.invalidatedAt)));
  await deps.db.insert(oneTimePins).values({
    purpose: subject.purpose,
    subjectArea: subject.area,
    subjectId: subject.subjectId,
    sessionId: subject.sessionId,
    channel: delivery.channel,
    destination: delivery.destination,
    codeHash: pinHash(deps.secret, subject, code),
    createdAt: now,
    expiresAt,
  });
  // Text from the `otp` template of the channel's kind, else the built-in default (issue 7).
  const language = await recipientLanguage(deps.db, subject);
  const message = await renderMessage(deps.db, {
    key: 'otp',
    kind: delivery.channel === 'EMAIL' ? 'email' : 'sms',
    language,
    data: {
      pin: code,
      purpose: OTP_PURPOSE_TEXT[language][subject.purpose],
      purposeKey: subject.purpose,
      expiresInMinutes: OTP_RULES.ttlSeconds / 60,
    },
  });
  await deps.messenger.send({
    channel: delivery.channel === 'EMAIL' ? 'email' : 'sms',
    destination: delivery.destination,
    purpose: `otp.${subject.purpose}`,
    subject: delivery.channel === 'EMAIL' ? message.subject : undefined,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    secrets: [code],
    recipient: { area: subject.area, id: subject.subjectId },
    // An expired PIN is useless: not sent once it has expired (e.g. the mail server was down).
    expiresAt,
    language,
  });
  return {
    channel: delivery.channel,
    destination: maskDestination(delivery.channel, delivery.destination),
    expiresAt: expiresAt.toISOString(),
    resendAvailableAt: new Date(now.getTime() + OTP_RULES.resendAfterSeconds * 1000).toISOString(),
  };
}

/** The PIN check's codes, by message (decision 059). */
const WRONG_PIN_CODES = {
  [ACCOUNT_MESSAGES.otpWrong]: 'otp_wrong',
  [ACCOUNT_MESSAGES.otpExpired]: 'otp_expired',
  [ACCOUNT_MESSAGES.otpUsedUp]: 'otp_used_up',
  [ACCOUNT_MESSAGES.otpNotActive]: 'otp_not_active',
} as const satisfies Record<string, ErrorCode>;

function wrongPin(message: keyof typeof WRONG_PIN_CODES): AppError {
  return new AppError('validation', message, { otp: [message] }, { code: WRONG_PIN_CODES[message] });
}

/**
 * Checks a PIN for `subject`. A right PIN is used up (single use, also under concurrent
 * attempts); a wrong one counts, and the 5th wrong entry kills the PIN.
 * @returns the destination the PIN was sent to (now proven to be the member's)
 * @throws AppError `validation` (422, field `otp`) when wrong, expired, used up or not active
 */
export async function verifyOtp(
  deps: Pick<OtpDependencies, 'db' | 'secret'>,
  subject: OtpSubject,
  code: string,
  now: Date = new Date(),
): Promise<{ channel: OtpChannel; destination: string }> {
  const [pin] = await deps.db
    .select()
    .from(oneTimePins)
    .where(and(subjectFilter(subject), isNull(oneTimePins.invalidatedAt)))
    .orderBy(desc(oneTimePins.id))
    .limit(1);
  if (!pin || pin.consumedAt) throw wrongPin(ACCOUNT_MESSAGES.otpNotActive);
  if (pin.expiresAt <= now) throw wrongPin(ACCOUNT_MESSAGES.otpExpired);
  // Reserve an attempt before comparing, atomically: parallel guesses cannot exceed the limit.
  const [reserved] = await deps.db
    .update(oneTimePins)
    .set({ attempts: sql`${oneTimePins.attempts} + 1` })
    .where(and(eq(oneTimePins.id, pin.id), lt(oneTimePins.attempts, OTP_RULES.maxAttempts)))
    .returning({ attempts: oneTimePins.attempts });
  if (!reserved) throw wrongPin(ACCOUNT_MESSAGES.otpUsedUp);

  const expected = Buffer.from(pin.codeHash, 'hex');
  const given = Buffer.from(pinHash(deps.secret, subject, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const usedUp = reserved.attempts >= OTP_RULES.maxAttempts;
    if (usedUp) await deps.db.update(oneTimePins).set({ invalidatedAt: now }).where(eq(oneTimePins.id, pin.id));
    throw wrongPin(usedUp ? ACCOUNT_MESSAGES.otpUsedUp : ACCOUNT_MESSAGES.otpWrong);
  }
  const used = await deps.db
    .update(oneTimePins)
    .set({ consumedAt: now })
    .where(and(eq(oneTimePins.id, pin.id), isNull(oneTimePins.consumedAt)))
    .returning({ id: oneTimePins.id });
  if (used.length === 0) throw wrongPin(ACCOUNT_MESSAGES.otpNotActive);
  return { channel: pin.channel, destination: pin.destination };
}
