import { OUTREACH_MESSAGES } from '@bcp/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';
import { funds, outreachInvitations } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { type Clock, sastHour, startOfSastDay } from '../../platform/clock/clock.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Messenger } from '../../platform/messaging/messenger.js';
import { renderMessage } from '../../platform/templating/render-message.js';
import { findFund } from '../funds/funds.service.js';
import { optOutUrl } from './opt-outs.service.js';

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

interface Invitee {
  id: number;
  firstName: string;
  phone: string | null;
  email: string | null;
}

/**
 * Persons of the fund to invite now: an unclaimed benefit of the fund not in the dependants'
 * process, not deceased, no account, not opted out, no invitation in the last 30 days, and a phone
 * or email (given by the fund, else the most confident traced one). In quiet hours only those with
 * an email (no SMS then). Oldest persons first.
 */
async function findInvitees(
  db: Database,
  fundId: number,
  now: Date,
  quiet: boolean,
  limit: number,
): Promise<Invitee[]> {
  const since = new Date(now.getTime() - INVITATION_INTERVAL_DAYS * 86_400_000);
  const best = (channel: 'phone' | 'email') =>
    sql`(select c.value from contact_candidates c where c.person_id = p.id and c.channel = ${channel}
         order by c.confidence desc, c.id limit 1)`;
  const result = await db.execute(sql`
    select * from (
      select p.id, p.first_name as "firstName",
        coalesce(p.phone_number, ${best('phone')}) as phone,
        coalesce(p.email, ${best('email')}) as email
      from persons p
      where exists (select 1 from benefits b where b.person_id = p.id and b.fund_id = ${fundId}
                      and b.status = 'unclaimed' and b.dependants_process_at is null)
        and p.deceased_on is null
        and not exists (select 1 from person_users pu where pu.person_id = p.id)
        and not exists (select 1 from outreach_opt_outs o where o.person_id = p.id)
        and not exists (select 1 from outreach_invitations i where i.person_id = p.id and i.sent_at > ${since})
    ) candidates
    where ${quiet ? sql`email is not null` : sql`(phone is not null or email is not null)`}
    order by id
    limit ${limit}`);
  return rowsOf<Invitee>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

/** Invitations the fund sent since the SAST day began. */
async function sentToday(db: Database, fundId: number, now: Date): Promise<number> {
  return db.$count(
    outreachInvitations,
    and(eq(outreachInvitations.fundId, fundId), gte(outreachInvitations.sentAt, startOfSastDay(now))),
  );
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
  const [fund] = await db.select({ name: funds.name }).from(funds).where(eq(funds.id, fundId));
  if (!fund) return 0;
  const room = Math.min(deps.dailyCap - (await sentToday(db, fundId, now)), limit ?? Number.POSITIVE_INFINITY);
  if (room <= 0) return 0;
  const quiet = inQuietHours(now);
  const invitees = await findInvitees(db, fundId, now, quiet, room);
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
    await db
      .insert(outreachInvitations)
      .values({ fundId, personId: person.id, channel, destination, outboxId, sentAt: now });
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
  const active = await deps.db.select({ id: funds.id }).from(funds).where(eq(funds.status, 'active'));
  for (const fund of active) await deps.jobs.send(INVITATIONS_QUEUE, { fundId: fund.id });
  return active.length;
}
