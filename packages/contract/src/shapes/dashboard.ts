import { z } from 'zod';
import { CLAIM_STATUSES } from '../claims.js';

/** Money figures of this month (South African calendar month), each a count and a gross amount in cents. */
const zMonthFigure = () => z.object({ count: z.number().int(), amountCents: z.number().int() });

/**
 * `GET /api/v1/dashboard` (issue 19): the back office's first screen. Each part is there only for
 * a user holding its permission (else null): `claims` and `funds` need `benefits.read`, `uploads`
 * `file-uploads.read`, `tasks` `tasks.read`.
 */
export const DashboardResponse = z
  .object({
    claims: z
      .object({
        /** Claims in each status (drafts included). */
        byStatus: z.record(z.enum(CLAIM_STATUSES), z.number().int()),
        /**
         * Claims submitted or in review whose submission is more than 5 (and 10) working days ago
         * (Monday to Friday; public holidays are not known and count as working days).
         */
        waitingOver5WorkingDays: z.number().int(),
        waitingOver10WorkingDays: z.number().int(),
        /** Claims waiting for a decision (submitted, in review, information requested) with a fraud or risk flag (issue 36 item 3). */
        flaggedOpen: z.number().int(),
        /** Submitted, approved (approved or paid later) and paid this month, by their dates. */
        thisMonth: z.object({ submitted: zMonthFigure(), approved: zMonthFigure(), paid: zMonthFigure() }),
      })
      .nullable(),
    /** Benefits found and claimed (a claim submitted and not rejected) per fund, most benefits first (20 at most). */
    funds: z
      .array(
        z.object({
          fundId: z.number().int(),
          name: z.string(),
          benefitsFound: z.number().int(),
          benefitsClaimed: z.number().int(),
          amountFoundCents: z.number().int(),
          amountClaimedCents: z.number().int(),
        }),
      )
      .nullable(),
    /** Member files and other uploads checked and waiting for a second person to accept or reject. */
    uploads: z.object({ awaitingAcceptance: z.number().int() }).nullable(),
    /** The caller's open tasks: how many, and the 5 due first. */
    tasks: z
      .object({
        open: z.number().int(),
        firstDue: z.array(
          z.object({ id: z.number().int(), title: z.string(), dueDate: z.string().nullable(), createdAt: z.string() }),
        ),
      })
      .nullable(),
    /** ISO 8601: when the figures were read. */
    generatedAt: z.string(),
  })
  .meta({ id: 'DashboardResponse' });
export type DashboardResponse = z.infer<typeof DashboardResponse>;
