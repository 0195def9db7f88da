import { CLAIM_STATUSES } from '@bcp/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { benefits } from './benefits.js';
import { at, idColumn, timestamps } from './columns.js';
import { funds } from './funds.js';
import { personBankAccounts } from './person-bank-accounts.js';
import { personUsers } from './person-users.js';
import { users } from './users.js';

/** Claim statuses (contract CLAIM_STATUSES). */
export const CLAIM_STATUS_VALUES = CLAIM_STATUSES;

/**
 * A member's claim of one benefit (issue 4): draft -> submitted -> in_review -> approved | rejected
 * -> paid. At most one open claim (not rejected) per benefit: a partial unique index, so that a
 * race cannot make two.
 */
export const benefitClaims = pgTable(
  'benefit_claims',
  {
    id: idColumn(),
    benefitId: bigint('benefit_id', { mode: 'number' })
      .notNull()
      .references(() => benefits.id),
    /**
     * The fund of the claim's benefit, copied when the claim starts (a benefit never changes fund):
     * the staff claims list's fund filter and its counts read claims alone (issue 40 item 3).
     */
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    personUserId: bigint('person_user_id', { mode: 'number' })
      .notNull()
      .references(() => personUsers.id),
    status: text('status', { enum: CLAIM_STATUS_VALUES }).notNull().default('draft'),
    personalDetailsConfirmedAt: at('personal_details_confirmed_at'),
    bankAccountId: bigint('bank_account_id', { mode: 'number' }).references(() => personBankAccounts.id),
    feesAcceptedAt: at('fees_accepted_at'),
    declarationAcceptedAt: at('declaration_accepted_at'),
    /** The payout the member accepted at submission: gross, fees with VAT, net (cents). */
    payout: jsonb('payout'),
    submittedAt: at('submitted_at'),
    decidedAt: at('decided_at'),
    paidAt: at('paid_at'),
    /** Why a claim was rejected (shown to the member). */
    rejectionReason: text('rejection_reason'),
    /** The fund administrator's reference for the payment (set when marked paid). */
    paymentReference: text('payment_reference'),
    /**
     * The last bank account verification (AVS, issue 18) of the claim's account: provider, reference,
     * account id, each check's outcome and when (`BankMatchResult`); null until run.
     */
    bankMatch: jsonb('bank_match'),
    /** `passed` | `failed` of `bankMatch`: a failed match blocks approval unless overridden. */
    bankMatchStatus: text('bank_match_status', { enum: ['passed', 'failed'] }),
    /** Why a reviewer approved despite a failed match; with who and when. */
    bankMatchOverrideReason: text('bank_match_override_reason'),
    bankMatchOverriddenByUserId: bigint('bank_match_overridden_by_user_id', { mode: 'number' }),
    bankMatchOverriddenAt: at('bank_match_overridden_at'),
    /**
     * The fast-track rule's evaluation at submission (issue 21 item 2, decision 034): outcome,
     * threshold and each condition's result (contract FastTrackDecisionResponse); null when the
     * fund has no fast track.
     */
    fastTrack: jsonb('fast_track'),
    /**
     * Approved although the approval checks were not all met (issue 36 item 1): the reason, who
     * (`claims.override`), when, and the unmet checks' keys (`ApprovalOverride`); null otherwise.
     */
    approvalOverride: jsonb('approval_override'),
    /**
     * Four-eyes (issue 36 item 2): the staff user who gave the first of two approvals of a claim over
     * its fund's second-approval amount, and when; the claim stays `in_review` until a different
     * user confirms (then `approved`) or sends it back (both cleared).
     */
    firstApprovedByUserId: bigint('first_approved_by_user_id', { mode: 'number' }).references(() => users.id),
    firstApprovedAt: at('first_approved_at'),
    /** The staff user working the claim (issue 36 item 4), and since when; null: nobody. */
    assignedUserId: bigint('assigned_user_id', { mode: 'number' }).references(() => users.id),
    assignedAt: at('assigned_at'),
    /**
     * Fraud and risk signals (issue 36 item 3), computed at submission and when the claim's data
     * changes: each with its key, explanation and the data behind it (`RiskFlag[]`); `riskFlagCount`
     * is their number, for the queue's filter and sort.
     */
    riskFlags: jsonb('risk_flags').notNull().default(sql`'[]'::jsonb`),
    riskFlagCount: integer('risk_flag_count').notNull().default(0),
    riskEvaluatedAt: at('risk_evaluated_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('benefit_claims_one_open_per_benefit').on(table.benefitId).where(sql`${table.status} <> 'rejected'`),
    index('benefit_claims_person_user_idx').on(table.personUserId),
    // The staff claims list pages by id within a status (issue 25), and joins claims to benefits.
    index('benefit_claims_status_id_idx').on(table.status, table.id),
    // The list's totals (issue 40 item 3): counted from an index only, by status and by fund and
    // status (small indexes: few distinct keys, deduplicated).
    index('benefit_claims_status_idx').on(table.status),
    index('benefit_claims_fund_status_idx').on(table.fundId, table.status),
    index('benefit_claims_benefit_idx').on(table.benefitId),
    // Foreign key and filters (issue 15 item 5): removing a bank account, lists by submission date;
    // the queue sorted by submission date pages on (submitted_at, id) (issue 38 item 3).
    index('benefit_claims_bank_account_idx').on(table.bankAccountId),
    // The status last: the total of a submission date range is counted from this index alone (issue 40 item 3).
    index('benefit_claims_submitted_at_idx').on(table.submittedAt, table.id, table.status),
    // "My claims" and the assignee filter (issue 36 item 4); flagged claims first (item 3).
    index('benefit_claims_assigned_user_idx').on(table.assignedUserId, table.id),
    index('benefit_claims_risk_idx').on(table.riskFlagCount, table.id),
    index('benefit_claims_first_approved_by_idx').on(table.firstApprovedByUserId),
  ],
);

/** Every move of a claim, with time and actor: the claim's timeline (issue 4 item 8). */
export const benefitClaimEvents = pgTable(
  'benefit_claim_events',
  {
    id: idColumn(),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => benefitClaims.id),
    /** null for the claim's start (draft). */
    fromStatus: text('from_status', { enum: CLAIM_STATUS_VALUES }),
    toStatus: text('to_status', { enum: CLAIM_STATUS_VALUES }).notNull(),
    /** `person_user` | `user` (staff) | `partner` | `system` */
    actorType: text('actor_type', { enum: ['person_user', 'user', 'partner', 'system'] }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    /** e.g. a rejection reason; shown to the member. */
    note: text('note'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('benefit_claim_events_claim_idx').on(table.claimId, table.id)],
);

/**
 * A document a member uploaded for a claim. The file lives under `DATA_DIR/claim-documents/`
 * with a generated name and is never served from a public path.
 */
export const claimDocuments = pgTable(
  'claim_documents',
  {
    id: idColumn(),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => benefitClaims.id),
    /** `ID_COPY` | `PROOF_OF_BANK_ACCOUNT` (contract CLAIM_DOCUMENT_KINDS). */
    kind: text('kind', { enum: ['ID_COPY', 'PROOF_OF_BANK_ACCOUNT'] }).notNull(),
    /** The name the member's file had (shown back to them only). */
    originalName: text('original_name').notNull(),
    /** Generated (random) file name under the storage folder. */
    storedName: text('stored_name').notNull(),
    /** From the file's magic bytes: `application/pdf` | `image/jpeg` | `image/png`. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the content. */
    sha256: text('sha256').notNull(),
    /** `received` | `accepted` | `rejected` (contract CLAIM_DOCUMENT_STATES; issue 21 item 1). */
    state: text('state', { enum: ['received', 'accepted', 'rejected'] })
      .notNull()
      .default('received'),
    /** Why the reviewer rejected it, and what the member should do (shown to the member). */
    rejectionReason: text('rejection_reason'),
    whatToDo: text('what_to_do'),
    reviewedAt: at('reviewed_at'),
    removedAt: at('removed_at'),
    ...timestamps(),
  },
  (table) => [index('claim_documents_claim_idx').on(table.claimId)],
);

/**
 * A request for more information on a claim (issue 21 item 1): staff or the fund's partner ask the
 * member for a document of a kind or a correction, with a message; the member's answer (the
 * uploaded document, or the written correction) closes it. At most one open request per claim
 * (a partial unique index: two racing requests cannot both be open).
 */
export const claimInformationRequests = pgTable(
  'claim_information_requests',
  {
    id: idColumn(),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => benefitClaims.id),
    /** `document` | `correction` (contract INFORMATION_REQUEST_KINDS). */
    kind: text('kind', { enum: ['document', 'correction'] }).notNull(),
    documentKind: text('document_kind', { enum: ['ID_COPY', 'PROOF_OF_BANK_ACCOUNT'] }),
    /** What the member reads. */
    message: text('message').notNull(),
    /** `user` (staff) | `partner` */
    requestedByType: text('requested_by_type', { enum: ['user', 'partner'] }).notNull(),
    requestedById: bigint('requested_by_id', { mode: 'number' }),
    answerText: text('answer_text'),
    answerDocumentId: bigint('answer_document_id', { mode: 'number' }).references(() => claimDocuments.id),
    answeredAt: at('answered_at'),
    ...timestamps(),
  },
  (table) => [
    index('claim_information_requests_claim_idx').on(table.claimId, table.id),
    uniqueIndex('claim_information_requests_one_open').on(table.claimId).where(sql`${table.answeredAt} is null`),
    index('claim_information_requests_answer_document_idx').on(table.answerDocumentId),
  ],
);
