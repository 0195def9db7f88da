import { OUTREACH_MESSAGES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { type Clock, sastHour, startOfSastDay } from '../../platform/clock/clock.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Messenger } from '../../platform/messaging/messenger.js';
import { renderMessage } from '../../platform/templating/render-message.js';
import { findInvitees } from '../../queries/outreach-people.js';
import { activeFundIds, findFund, findFundName } from '../funds/index.js';
import { optOutUrl } from './opt-outs.service.js';
import { countInvitationsSince, insertInvitation } from './outreach.repository.js';

/** The job queue that sends a fund's invitations. */
export const INVITATIONS_QUEUE = 'outreach-invitations';
/** The scheduled job that queues the invitations of every active fund (`OUTREACH_SCHEDULE`). */
export const OUTREACH_SCHEDULE_QUEUE = 'outreach-schedule';
/** No SMS from 20:00 to 08:00 South African time (SAST). */
export const QUIET_HOURS = { from: 20, to: 8 } as const;
/** One invitation per person per 30 days, whichever fund. */
export const INVITATION_INTERVAL_DAYS = 30;

/** What sending invitations needs. */
export interface InvitationDeps {
  db: Database;
  messenger: Messenger;
  clock: Clock;
  /** Invitations a fund sends at most per SAST day. */
  dailyCap: number;
  publicUrl: string;
  appSecret: string;
}

/** Whether `at` is in the SMS quiet hours (20:00 to 08:00 SAST). */
export function inQuietHours(at: Date): boolean {
  const hour = sastHour(at);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.to;
}

/**
 * The invitations job (queue `outreach-invitations`, issue 17 "Outreach"): invites the fund's
 * persons (see `findInvitees`) from the `outreach.invitation` template, by SMS when they have a
 * phone and it is not quiet hours (20:00-08:00 SAST), else by email; at most the daily cap per
 * fund (per SAST day) and `limit`. Each invitation is recorded with its outbox message (whose
 * status says whether the gateway took it).
 * @returns how many were sent
 */
export async function sendInvitations(deps: InvitationDeps, fundId: number, limit?: number): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const fund = await findFundName(db, fundId);
  if (!fund) return 0;
  const room = Math.min(
    deps.dailyCap - (await countInvitationsSince(db, fundId, startOfSastDay(now))),
    limit ?? Number.POSITIVE_INFINITY,
  );
  if (room <= 0) return 0;
  const quiet = inQuietHours(now);
  const invitees = await findInvitees(db, fundId, now, quiet, room, INVITATION_INTERVAL_DAYS);
  let sent = 0;
  for (const person of invitees) {
    const channel = person.phone && !quiet ? 'sms' : 'email';
    const destination = (channel === 'sms' ? person.phone : person.email) as string;
    const message = await renderMessage(db, {
      key: 'outreach.invitation',
      kind: channel,
      data: {
        firstName: person.firstName,
        fundName: fund.name,
        appUrl: `${deps.publicUrl}/auth/search`,
        checkUrl: deps.publicUrl,
        optOutUrl: optOutUrl(deps.publicUrl, deps.appSecret, person.id),
      },
    });
    const { outboxId } = await deps.messenger.send({
      channel,
      destination,
      purpose: 'outreach.invitation',
      text: message.text,
      ...(message.subject ? { subject: message.subject } : {}),
      ...(message.html ? { html: message.html } : {}),
    });
    await insertInvitation(db, { fundId, personId: person.id, channel, destination, outboxId, sentAt: now });
    sent += 1;
  }
  return sent;
}

/**
 * Queues the fund's invitations (`POST funds/{id}/outreach/invitations`): a job, audited
 * `funds.outreach_started`.
 * @throws AppError 404 unknown fund
 */
export async function startInvitations(
  deps: { db: Database; jobs: JobQueue },
  fundId: number,
  limit: number | undefined,
  context: AuditContext,
): Promise<{ message: string; jobId: string }> {
  await findFund(deps.db, fundId);
  const jobId = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await recordAudit(tx, {
      ...context,
      action: 'funds.outreach_started',
      entityType: 'funds',
      entityId: fundId,
      after: { limit: limit ?? null },
    });
    return deps.jobs.send(INVITATIONS_QUEUE, { fundId, ...(limit === undefined ? {} : { limit }) }, { tx });
  });
  deps.jobs.wake([INVITATIONS_QUEUE]);
  return { message: OUTREACH_MESSAGES.queued, jobId };
}

/**
 * The scheduled run (`OUTREACH_SCHEDULE`, queue `outreach-schedule`): one invitations job per
 * active fund, each keeping its own cap, quiet hours and 30-day rule.
 * @returns how many funds were queued
 */
export async function queueInvitationsOfActiveFunds(deps: { db: Database; jobs: JobQueue }): Promise<number> {
  const active = await activeFundIds(deps.db);
  for (const fundId of active) await deps.jobs.send(INVITATIONS_QUEUE, { fundId });
  return active.length;
}
