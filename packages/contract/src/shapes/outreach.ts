import { z } from 'zod';
import { listQuery, listResponse } from './lists.js';

/** Messages of outreach (issue 17 "Outreach"). */
export const OUTREACH_MESSAGES = {
  optedOut: 'You will not receive invitations from Benefit Finder again.',
  badOptOutLink: 'This opt-out link is not valid.',
  queued: 'Invitations are being sent.',
  unknownReply: 'Reply recorded.',
} as const;

/** How an invitation went (`delivered` when the gateway accepted it). */
export const INVITATION_STATUSES = ['sent', 'delivered', 'failed'] as const;

/** `POST funds/{id}/outreach/invitations`: send the fund's invitations now (a job), at most `limit`. */
export const SendInvitationsRequest = z
  .object({ limit: z.number().int().min(1).max(100_000).optional() })
  .meta({ id: 'SendInvitationsRequest' })
  // Optional body: no body sends to everyone due (issue 39 item 2).
  .prefault({});
export type SendInvitationsRequest = z.infer<typeof SendInvitationsRequest>;

export const SendInvitationsResponse = z
  .object({ message: z.string(), jobId: z.string() })
  .meta({ id: 'SendInvitationsResponse' });

/** `GET funds/{id}/outreach/funnel`: persons of the fund with an unclaimed or claimed benefit at each stage. */
export const OutreachFunnelResponse = z
  .object({
    fundId: z.number().int(),
    /** Persons with a benefit of the fund. */
    persons: z.number().int(),
    /** With a phone or email (fund-given, traced, or their own). */
    traced: z.number().int(),
    /** Sent at least one invitation. */
    invited: z.number().int(),
    /** An invitation the gateway accepted. */
    delivered: z.number().int(),
    optedOut: z.number().int(),
    /** Signed up after an invitation. */
    signedUp: z.number().int(),
    /** Submitted a claim for a benefit of the fund. */
    claimed: z.number().int(),
    /** A benefit of the fund paid. */
    paid: z.number().int(),
    /** Benefits flagged for the dependants' process (deceased members, s37C). */
    dependantsProcess: z.number().int(),
  })
  .meta({ id: 'OutreachFunnelResponse' });
export type OutreachFunnelResponse = z.infer<typeof OutreachFunnelResponse>;

/** `POST /api/outreach/sms-replies`: an SMS the gateway received (`STOP` opts out). */
export const SmsReplyRequest = z
  .object({
    /** The sender's number, E.164. */
    from: z.string().trim().min(8).max(20),
    text: z.string().max(1600),
  })
  .meta({ id: 'SmsReplyRequest' });

/** `GET /api/outreach/opt-out` query: the link of an invitation. */
export const OptOutQuery = z.object({
  person: z.coerce.number().int().min(1),
  token: z.string().min(10).max(100),
});

export const OutreachMessageResponse = z.object({ message: z.string() }).meta({ id: 'OutreachMessageResponse' });

/** `GET funds/{id}/outreach/invitations` query: newest first; filter by channel or delivery. */
export const InvitationListQuery = listQuery({
  sort: ['id', 'sentAt'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: {
    channel: z.enum(['sms', 'email']).optional(),
    delivery: z.enum(['pending', 'sent', 'failed', 'not_configured', 'purged']).optional(),
  },
});
export type InvitationListQuery = z.infer<typeof InvitationListQuery>;

/** One invitation and what came of it (issue 17 "results recorded"). */
export const InvitationResponse = z
  .object({
    id: z.number().int(),
    person: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
    channel: z.enum(['sms', 'email']),
    /** Masked: `+27 ** *** *567`, `t***@example.com`. */
    destination: z.string(),
    sentAt: z.string(),
    /**
     * The outbox message: `pending`, `sent` (the gateway or mail server took it), `failed`,
     * `not_configured` (no gateway here: recorded only), `purged` (past the outbox retention).
     */
    delivery: z.enum(['pending', 'sent', 'failed', 'not_configured', 'purged']),
    optedOut: z.boolean(),
    /** When the person signed up, if after this invitation. */
    signedUpAt: z.string().nullable(),
  })
  .meta({ id: 'InvitationResponse' });
export type InvitationResponse = z.infer<typeof InvitationResponse>;
export const InvitationListResponse = listResponse(InvitationResponse).meta({ id: 'InvitationListResponse' });
