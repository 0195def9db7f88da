import {
  buildSaIdNumber,
  type ClaimDocumentResponse,
  type ClaimEventResponse,
  maskAccountNumber,
  maskEmail,
  maskPhoneNumber,
  maskSaIdNumber,
  type OtpSentResponse,
  type PayoutResponse,
  type PersonBankResponse,
  type PersonUserResponse,
} from '@bcp/contract';

/**
 * The one made-up member, fund, benefit and claim every example of the OpenAPI document tells
 * about (issue 39 item 2), so that the examples agree with each other: Nomsa Dlamini, born
 * 14 March 1975, with a withdrawal benefit of R12 480.50 in the demo fund. Her ID number is built
 * (`buildSaIdNumber`), never a real person's; it is shown masked wherever the API masks it.
 */
export const SAMPLE_ID_NUMBER = buildSaIdNumber('1975-03-14', 234);
export const SAMPLE_ID_NUMBER_MASKED = maskSaIdNumber(SAMPLE_ID_NUMBER);
export const SAMPLE_EMAIL = 'nomsa.dlamini@example.co.za';
export const SAMPLE_PHONE = '+27821234567';
export const SAMPLE_PASSWORD = 'Correct-Horse-42';
export const SAMPLE_CLAIM_ID = 42;
export const SAMPLE_BENEFIT_ID = 1017;
export const SAMPLE_PERSON_USER_ID = 311;

/** Timestamps of the sample claim's story (ISO 8601, UTC). */
export const AT = {
  signedUp: '2026-11-18T08:02:11.000Z',
  documentUploaded: '2026-11-20T09:10:00.000Z',
  submitted: '2026-11-20T09:15:00.000Z',
  inReview: '2026-11-20T13:40:00.000Z',
  informationRequested: '2026-11-21T10:05:00.000Z',
  informationAnswered: '2026-11-21T18:30:00.000Z',
  approved: '2026-11-23T11:00:00.000Z',
} as const;

export const SAMPLE_FUND = { id: 1, name: 'Demo Retirement Fund', registrationNumber: '12/8/00001' };
export const SAMPLE_BANK = { id: 3, name: 'Capitec Bank', universalBranchCode: '470010' };

/** The member's person user after the sign-in PIN (whole), and before it (masked). */
export const SAMPLE_PERSON_USER: PersonUserResponse = {
  id: SAMPLE_PERSON_USER_ID,
  email: SAMPLE_EMAIL,
  phoneNumber: SAMPLE_PHONE,
  twoFactorMethod: 'SMS',
  iidentifiiVerified: true,
  firstName: 'Nomsa',
  idNumber: SAMPLE_ID_NUMBER,
  language: 'en',
};
export const SAMPLE_PENDING_PERSON_USER: PersonUserResponse = {
  ...SAMPLE_PERSON_USER,
  email: maskEmail(SAMPLE_EMAIL),
  phoneNumber: maskPhoneNumber(SAMPLE_PHONE),
  idNumber: SAMPLE_ID_NUMBER_MASKED,
};

/** A sign-in PIN sent by SMS: valid 10 minutes, another after a minute. */
export const SAMPLE_OTP_SENT: OtpSentResponse = {
  channel: 'SMS',
  destination: maskPhoneNumber(SAMPLE_PHONE),
  expiresAt: '2026-11-20T09:25:00.000Z',
  resendAvailableAt: '2026-11-20T09:16:00.000Z',
};

/** R12 480.50 less the 5% tracing fee and its 15% VAT: cents, integers. */
export const SAMPLE_PAYOUT: PayoutResponse = {
  grossAmountCents: 1_248_050,
  fees: [
    {
      name: 'Tracing fee',
      kind: 'percentage',
      basisPoints: 500,
      feeCents: 62_403,
      vatCents: 9_360,
      totalCents: 71_763,
    },
  ],
  totalFeesCents: 71_763,
  netAmountCents: 1_176_287,
};

export const SAMPLE_BANK_ACCOUNT: PersonBankResponse = {
  id: 55,
  bank: SAMPLE_BANK,
  accountType: 'SAVINGS',
  accountNumberMasked: maskAccountNumber('7890'),
  holderName: 'N Dlamini',
  usedBySubmittedClaim: true,
};

export const SAMPLE_ID_COPY: ClaimDocumentResponse = {
  id: 7,
  kind: 'ID_COPY',
  originalName: 'id-copy.pdf',
  contentType: 'application/pdf',
  sizeBytes: 182_044,
  state: 'received',
  rejectionReason: null,
  whatToDo: null,
  createdAt: AT.documentUploaded,
};
export const SAMPLE_PROOF_OF_BANK: ClaimDocumentResponse = {
  ...SAMPLE_ID_COPY,
  id: 8,
  kind: 'PROOF_OF_BANK_ACCOUNT',
  originalName: 'bank-letter.pdf',
  sizeBytes: 96_310,
};

/** The claim's moves, as the member sees them (`actor: 'you'` for their own). */
export const SAMPLE_EVENTS = {
  submitted: {
    id: 90,
    fromStatus: 'draft',
    toStatus: 'submitted',
    actor: 'you',
    note: null,
    createdAt: AT.submitted,
  },
  inReview: {
    id: 91,
    fromStatus: 'submitted',
    toStatus: 'in_review',
    actor: 'staff',
    note: null,
    createdAt: AT.inReview,
  },
  informationRequested: {
    id: 92,
    fromStatus: 'in_review',
    toStatus: 'information_requested',
    actor: 'fund',
    note: 'Please upload a bank letter not older than 3 months.',
    createdAt: AT.informationRequested,
  },
  informationAnswered: {
    id: 93,
    fromStatus: 'information_requested',
    toStatus: 'in_review',
    actor: 'you',
    note: null,
    createdAt: AT.informationAnswered,
  },
  approved: {
    id: 95,
    fromStatus: 'in_review',
    toStatus: 'approved',
    actor: 'fund',
    note: null,
    createdAt: AT.approved,
  },
} satisfies Record<string, ClaimEventResponse>;
