import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  WATCHLIST_MESSAGES,
  type WatchlistConfirmRequest,
  type WatchlistMessageResponse,
  type WatchlistPendingResponse,
  type WatchlistRequest,
} from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Messenger } from '../../platform/messaging/messenger.js';
import { issueOtp, type OtpSubject, verifyOtp } from '../../platform/otp/otp.service.js';
import { newUnclaimedIdNumbers } from '../../queries/new-unclaimed-id-numbers.js';
import {
  anyActiveEntry,
  findActiveEntry,
  findLiveEntry,
  markActiveEntriesTold,
  markEntryConfirmed,
  unsubscribeByTokenHash,
  upsertWatchRequest,
} from './watchlist.repository.js';

/** The job queue that sends one "money may be waiting" message to one watch entry. */
export const WATCHLIST_QUEUE = 'watchlist-notice';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long each kind of entry is kept before the purge job deletes it (decision 035). */
export const WATCHLIST_RETENTION_DAYS = { unconfirmed: 1, confirmed: 365, unsubscribed: 30 } as const;

/** What the watchlist needs: the database, the messenger (PINs and notices), the app secret, the public address. */
export interface WatchlistDependencies {
  db: Database;
  messenger: Messenger;
  secret: string;
  publicUrl: string;
}

/** The keyed hash the ID number is kept as: HMAC-SHA256 (app secret), hex. Never the number itself. */
export function watchedIdNumberHash(secret: string, idNumber: string): string {
  return createHmac('sha256', secret).update(`watchlist-id-number:${idNumber}`).digest('hex');
}

/** The unsubscribe token of an entry: derived from its random nonce with the app secret (base64url, 43 characters). */
function unsubscribeToken(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`watchlist-unsubscribe:${nonce}`).digest('base64url');
}

/** What is kept of a token: its SHA-256, hex. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The link in every watchlist message. */
export function unsubscribeUrl(deps: Pick<WatchlistDependencies, 'secret' | 'publicUrl'>, nonce: string): string {
  return `${deps.publicUrl}/api/watchlist/unsubscribe?token=${unsubscribeToken(deps.secret, nonce)}`;
}

const subjectOf = (watchId: number): OtpSubject => ({ purpose: 'watchlist', area: 'beneficiary', subjectId: watchId });
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/**
 * `POST /api/app/watchlist` (issue 21 item 3): someone whose search found nothing asks to be told
 * if money turns up for the ID number, by SMS or email. The entry is kept with the consent text
 * and only the ID number's keyed hash; nothing but the PIN is sent until the PIN is entered
 * (`confirmWatch`). Asking again for the same ID number and destination reuses the entry.
 * @returns the entry's id and where the PIN went (masked)
 * @throws AppError `throttled` (429, `Retry-After`) when the destination had a PIN too recently
 */
export async function requestWatch(
  deps: WatchlistDependencies,
  input: z.output<typeof WatchlistRequest>,
  now: Date = new Date(),
): Promise<WatchlistPendingResponse> {
  const channel = input.twoFactorMethod;
  const destination = (channel === 'EMAIL' ? input.email : input.phoneNumber) as string;
  const nonce = randomBytes(24).toString('base64url');
  const watchId = await upsertWatchRequest(deps.db, {
    idNumberHash: watchedIdNumberHash(deps.secret, input.idNumber),
    channel,
    destination,
    consentText: WATCHLIST_MESSAGES.consent,
    consentedAt: now,
    tokenNonce: nonce,
    unsubscribeTokenHash: tokenHash(unsubscribeToken(deps.secret, nonce)),
    expiresAt: daysFrom(now, WATCHLIST_RETENTION_DAYS.unconfirmed),
  });
  const otp = await issueOtp(deps, subjectOf(watchId), { channel, destination }, now);
  return { watchId, message: WATCHLIST_MESSAGES.pinSent, otp };
}

/**
 * `POST /api/app/watchlist/{id}/confirm`: the PIN proves the destination is the person's; the watch
 * starts (kept 12 months; an unsubscribed entry is watched again) and a first message confirms it,
 * with the unsubscribe link.
 * @throws AppError `not_found` (404) no such entry (or purged); `validation` (422, `otp`) wrong,
 *   expired or used-up PIN
 */
export async function confirmWatch(
  deps: WatchlistDependencies,
  watchId: number,
  input: z.output<typeof WatchlistConfirmRequest>,
  now: Date = new Date(),
): Promise<WatchlistMessageResponse> {
  const entry = await findLiveEntry(deps.db, watchId, now);
  if (!entry) throw new AppError('not_found', WATCHLIST_MESSAGES.notFound);
  await verifyOtp(deps, subjectOf(watchId), input.otp, now);
  await markEntryConfirmed(deps.db, watchId, now, daysFrom(now, WATCHLIST_RETENTION_DAYS.confirmed));
  const link = unsubscribeUrl(deps, entry.tokenNonce);
  await deps.messenger.send({
    channel: entry.channel === 'EMAIL' ? 'email' : 'sms',
    destination: entry.destination,
    purpose: 'watchlist.confirmed',
    subject: WATCHLIST_MESSAGES.confirmedSubject,
    text: WATCHLIST_MESSAGES.confirmedText(link),
  });
  return { message: WATCHLIST_MESSAGES.watching };
}

/**
 * `GET /api/watchlist/unsubscribe?token=` (the link in every watchlist message, no sign-in): no
 * further message is sent for the entry; it is deleted 30 days later by the purge job. Opening the
 * link again answers the same (idempotent).
 * @throws AppError `not_found` (404) for a token that is not an entry's (one answer for any bad link)
 */
export async function unsubscribeWatch(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<WatchlistMessageResponse> {
  const found = await unsubscribeByTokenHash(
    db,
    tokenHash(token),
    now,
    daysFrom(now, WATCHLIST_RETENTION_DAYS.unsubscribed),
  );
  if (!found) throw new AppError('not_found', WATCHLIST_MESSAGES.badLink);
  return { message: WATCHLIST_MESSAGES.unsubscribed };
}

const HASH_CHUNK = 1000;

/**
 * In an accepted member file's load transaction `tx` (issue 21 item 3): the ID numbers of persons
 * without an account who gained a new benefit in upload `fileUploadId` (inserted in this
 * transaction) are hashed and matched with the active watch entries; each matched entry is marked
 * told of this upload and one notice job is queued for it, in `tx` (so exactly once per entry per
 * upload, however many benefits were added; a retried load does it again only if this one rolled
 * back). Signed-up members are told the signed-up way ("New money found for you at {fund}").
 * Nothing is read from the file when nobody is watching.
 * @returns how many entries were queued a notice
 */
export async function queueWatchlistNotices(
  tx: Database,
  jobs: JobQueue,
  secret: string,
  fileUploadId: number,
): Promise<number> {
  if (!(await anyActiveEntry(tx))) return 0;
  const found = await newUnclaimedIdNumbers(tx, fileUploadId);
  let queued = 0;
  for (let start = 0; start < found.length; start += HASH_CHUNK) {
    const hashes = found.slice(start, start + HASH_CHUNK).map((idNumber) => watchedIdNumberHash(secret, idNumber));
    const told = await markActiveEntriesTold(tx, hashes, fileUploadId);
    // One insert for the chunk's notices (the load's `committed` wakes the workers).
    await jobs.sendMany<WatchlistNoticeJob>(
      WATCHLIST_QUEUE,
      told.map((entry) => ({ watchId: entry.id, fileUploadId })),
      { tx },
    );
    queued += told.length;
  }
  return queued;
}

/** A queued notice: the entry and the upload it is about. */
export interface WatchlistNoticeJob {
  watchId: number;
  fileUploadId: number;
}

/**
 * The notice job: one message to the entry's phone or email saying money may be waiting, with
 * the sign-up address and the unsubscribe link; no amounts, fund names or ID number. An entry
 * unsubscribed (or deleted) since is not told.
 */
export async function sendWatchlistNotice(deps: WatchlistDependencies, job: WatchlistNoticeJob): Promise<void> {
  const entry = await findActiveEntry(deps.db, job.watchId);
  if (!entry) return;
  await deps.messenger.send({
    channel: entry.channel === 'EMAIL' ? 'email' : 'sms',
    destination: entry.destination,
    purpose: 'watchlist.found',
    subject: WATCHLIST_MESSAGES.foundSubject,
    text: WATCHLIST_MESSAGES.foundText(`${deps.publicUrl}/auth/search`, unsubscribeUrl(deps, entry.tokenNonce)),
  });
}
