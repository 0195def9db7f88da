import {
  type CreatedWebhookResponse,
  type PartnerClaimDetailsResponse,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryResponse,
  type WebhookResponse,
} from '@bcp/contract';
import type { ExampleCatalogue } from './catalogue.js';
import {
  AT,
  SAMPLE_BANK,
  SAMPLE_BENEFIT_ID,
  SAMPLE_CLAIM_ID,
  SAMPLE_EVENTS,
  SAMPLE_FUND,
  SAMPLE_ID_COPY,
  SAMPLE_ID_NUMBER,
  SAMPLE_ID_NUMBER_MASKED,
  SAMPLE_PAYOUT,
  SAMPLE_PERSON_USER_ID,
  SAMPLE_PROOF_OF_BANK,
} from './sample-data.js';

/** The sample claim as the fund's administrator reads it: in review, the member's details whole. */
const CLAIM_DETAILS: PartnerClaimDetailsResponse = {
  claimId: SAMPLE_CLAIM_ID,
  status: 'in_review',
  submittedAt: AT.submitted,
  member: {
    firstName: 'Nomsa',
    lastName: 'Dlamini',
    idNumber: SAMPLE_ID_NUMBER,
    dateOfBirth: '1975-03-14',
    identityVerified: true,
  },
  benefit: {
    id: SAMPLE_BENEFIT_ID,
    fundId: SAMPLE_FUND.id,
    memberNumber: 'M000123',
    benefitType: 'withdrawal',
    amountCents: SAMPLE_PAYOUT.grossAmountCents,
  },
  bankAccount: {
    bankName: SAMPLE_BANK.name,
    universalBranchCode: SAMPLE_BANK.universalBranchCode,
    accountType: 'SAVINGS',
    accountNumber: '1234567890',
    holderName: 'N Dlamini',
  },
  documents: [SAMPLE_ID_COPY, SAMPLE_PROOF_OF_BANK],
  payout: SAMPLE_PAYOUT,
  rejectionReason: null,
  paymentReference: null,
  events: [SAMPLE_EVENTS.submitted, SAMPLE_EVENTS.inReview],
};

const ENDPOINT: WebhookResponse = {
  id: 7,
  partnerId: 3,
  url: 'https://claims.fundadmin.example.co.za/hooks/bcp',
  events: ['claim.submitted', 'claim.information_answered'],
  previousSecretExpiresAt: null,
  createdAt: '2026-11-16T07:30:00.000Z',
};

const CREATED: CreatedWebhookResponse = {
  ...ENDPOINT,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  message: WEBHOOK_MESSAGES.created,
};

const DELIVERED: WebhookDeliveryResponse = {
  id: 120,
  endpointId: ENDPOINT.id,
  messageId: 'msg_2b1c4f0e-7d1a-4c55-9f4e-0a6b1d2c3e4f_7',
  eventType: 'claim.submitted',
  status: 'delivered',
  attempts: 1,
  lastResponseCode: 204,
  lastLatencyMs: 84,
  lastError: null,
  lastAttemptAt: '2026-11-20T09:15:01.000Z',
  createdAt: AT.submitted,
};

/** A list envelope of one page holding `items`. */
const page = <T>(items: T[]) => ({ items, page: 1, pageSize: 25, total: items.length, totalPages: 1 });

/**
 * The partner API (`/api/v2`, spec 7 "Admin, version 2", docs/partners.md): one realistic example
 * per request body and 2xx answer. Each answer's `status` is the one that call leaves the claim in.
 */
/** A delivery that used every attempt (the receiver answered 503), as the log lists it. */
const FAILED_DELIVERY: WebhookDeliveryResponse = {
  ...DELIVERED,
  id: 128,
  messageId: 'msg_7c3e9a20-41bd-4f6e-8d25-3a1f0b9c7e64_7',
  eventType: 'claim.information_answered',
  status: 'failed',
  attempts: 11,
  lastResponseCode: 503,
  lastLatencyMs: 412,
  lastError: 'HTTP 503',
  lastAttemptAt: '2026-11-22T21:12:40.000Z',
  createdAt: AT.informationAnswered,
};

export const PARTNER_EXAMPLES: ExampleCatalogue = {
  listBenefitClaims: {
    request: { status: 'submitted', submittedFrom: '2026-11-01', pageSize: 25 },
    responses: {
      '200': {
        items: [
          {
            id: SAMPLE_CLAIM_ID,
            benefitId: SAMPLE_BENEFIT_ID,
            status: 'submitted',
            fund: SAMPLE_FUND,
            person: {
              id: SAMPLE_PERSON_USER_ID,
              firstName: 'Nomsa',
              lastName: 'Dlamini',
              idNumberMasked: SAMPLE_ID_NUMBER_MASKED,
            },
            amountCents: SAMPLE_PAYOUT.grossAmountCents,
            submittedAt: AT.submitted,
            updatedAt: AT.submitted,
          },
        ],
        pageSize: 25,
        nextCursor: null,
      },
    },
  },
  getBenefitClaim: { request: { claimId: SAMPLE_CLAIM_ID }, responses: { '200': CLAIM_DETAILS } },
  answerBenefitClaim: {
    request: { claimId: SAMPLE_CLAIM_ID, decision: 'approved' },
    responses: { '200': { claimId: SAMPLE_CLAIM_ID, status: 'approved', changed: true } },
  },
  requestBenefitClaimInformation: {
    request: {
      claimId: SAMPLE_CLAIM_ID,
      kind: 'document',
      documentKind: 'PROOF_OF_BANK_ACCOUNT',
      message: 'Please upload a bank letter not older than 3 months.',
      rejectDocument: {
        documentId: SAMPLE_PROOF_OF_BANK.id,
        reason: 'The bank letter is from 2023.',
        whatToDo: 'Ask your bank for a letter dated this month.',
      },
    },
    responses: { '200': { claimId: SAMPLE_CLAIM_ID, status: 'information_requested', changed: true } },
  },
  listWebhooks: { responses: { '200': page([ENDPOINT]) } },
  createWebhook: {
    request: { url: ENDPOINT.url, events: ENDPOINT.events },
    responses: { '201': CREATED },
  },
  deleteWebhook: { responses: { '200': { message: 'The webhook was deleted.' } } },
  rotateWebhook: {
    request: { overlapHours: 24 },
    responses: {
      '201': {
        ...CREATED,
        secret: 'whsec_Q2w9Zk4TnV7bX1cR8mL3pY6sD0fH5gJa',
        previousSecretExpiresAt: '2026-11-26T08:00:00.000Z',
        message: WEBHOOK_MESSAGES.rotated('2026-11-26T08:00:00.000Z'),
      },
    },
  },
  testWebhook: {
    responses: {
      '202': {
        ...DELIVERED,
        id: 131,
        messageId: 'msg_0f6a2d91-5b3c-4e78-a1d4-9c2e7b8f6a05',
        eventType: 'webhook.test',
        status: 'pending',
        attempts: 0,
        lastResponseCode: null,
        lastLatencyMs: null,
        lastAttemptAt: null,
        createdAt: '2026-11-25T08:00:00.000Z',
      },
    },
  },
  redeliverWebhookDelivery: {
    responses: {
      // Sent again: pending, its earlier attempts kept.
      '202': { ...FAILED_DELIVERY, status: 'pending' },
    },
  },
  getBenefitClaimDocument: {
    // The answer is the file itself (the stored type), which has no JSON example.
    request: { claimId: SAMPLE_CLAIM_ID, documentId: SAMPLE_PROOF_OF_BANK.id },
    responses: {},
  },
  listWebhookDeliveries: {
    responses: {
      '200': page([FAILED_DELIVERY, DELIVERED]),
    },
  },
};
