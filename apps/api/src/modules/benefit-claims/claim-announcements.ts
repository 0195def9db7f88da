import {
  CLAIM_STATUSES,
  type ClaimStatus,
  formatLocale,
  formatRand,
  type NotificationEvent,
  type WebhookEvent,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { renderMessage } from '../../platform/templating/render-message.js';
import { claimFundId, claimNoticeFacts } from '../../queries/claim-announcement-facts.js';
import { recordNotification } from '../notifications/index.js';
import { announceWebhookEvent } from '../webhooks/index.js';

/** Claim statuses the member is told about (a message `claim.<status>` each, issue 7 templates). */
const ANNOUNCED: readonly ClaimStatus[] = CLAIM_STATUSES.filter((status) => status !== 'draft');

/**
 * Tells the member their claim moved (issue 5 and 9: submitted, in review, approved, rejected with
 * the reason, paid with the payment reference; issue 21: more information needed, without the
 * request's words, which may be personal: the member reads them signed in): in-app, live, push, and email or SMS, through
 * `recordNotification`; the texts are the templates `claim.<status>` (kind push) or their defaults,
 * in the member's language (decision 036).
 * Runs in the move's transaction `tx` (issue 15 item 1; `moveClaim` calls it), so the member is
 * told exactly when the move is stored. Drafts are not announced.
 * @throws database errors (the move rolls back with it)
 */
export async function announceClaimMove(tx: Database, jobs: JobQueue, claimId: number): Promise<void> {
  const row = await claimNoticeFacts(tx, claimId);
  if (!row || !ANNOUNCED.includes(row.claim.status)) return;
  const { claim } = row;
  const net = (claim.payout as { netAmountCents?: number } | null)?.netAmountCents;
  // Rendered from the staff's template `claim.<status>` (kind push) when saved, else the built-in text;
  // Liquid escapes the data.
  const language = row.language;
  const message = await renderMessage(tx, {
    key: `claim.${claim.status}`,
    kind: 'push',
    language,
    data: {
      benefitType: row.benefitType,
      fundName: row.fundName,
      netAmount: net === undefined ? '' : formatRand(net, formatLocale(language)),
      reason: claim.rejectionReason ?? '',
      paymentReference: claim.paymentReference ?? '',
    },
  });
  await recordNotification(tx, jobs, claim.personUserId, {
    title: message.subject ?? 'Claim update',
    body: message.html ?? message.text,
    event: `claim.${claim.status}` as NotificationEvent,
  });
}

/** Claim statuses partners hear of by webhook, and the event each is (issue 26 item 3). */
const PARTNER_EVENTS: Partial<Record<ClaimStatus, WebhookEvent>> = { submitted: 'claim.submitted' };

/**
 * Tells the partner that reads the claim's fund's claims, when subscribed (signed webhooks, issue
 * 26 item 3; issue 34 item 8), that the claim moved to `status`, in the move's transaction `tx` like
 * the member's notice: the event's fan-out job exists exactly when the move does (issue 34 item 9:
 * one job, whatever the number of endpoints). Statuses without a partner event do nothing.
 * @throws database errors (the move rolls back with it)
 */
export async function announceClaimToPartners(
  tx: Database,
  jobs: JobQueue,
  claimId: number,
  status: ClaimStatus,
): Promise<void> {
  const event = PARTNER_EVENTS[status];
  if (!event) return;
  const fundId = await claimFundId(tx, claimId);
  if (fundId !== undefined) await announceWebhookEvent(tx, jobs, event, { claimId, fundId });
}
