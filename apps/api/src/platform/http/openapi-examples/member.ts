import {
  type BenefitResponse,
  CLAIM_STEP_KEYS,
  CLAIM_STEP_LABELS,
  type ClaimResponse,
  type ClaimStepResponse,
  MESSAGE_CHECK_MESSAGES,
  MESSAGE_KINDS,
  type NotificationResponse,
  type OtpRequiredResponse,
  type SessionResponse,
  WATCHLIST_MESSAGES,
} from '@bcp/contract';
import type { ExampleCatalogue } from './catalogue.js';
import {
  AT,
  SAMPLE_BANK,
  SAMPLE_BANK_ACCOUNT,
  SAMPLE_BENEFIT_ID,
  SAMPLE_CLAIM_ID,
  SAMPLE_EMAIL,
  SAMPLE_EVENTS,
  SAMPLE_FUND,
  SAMPLE_ID_COPY,
  SAMPLE_ID_NUMBER,
  SAMPLE_ID_NUMBER_MASKED,
  SAMPLE_OTP_SENT,
  SAMPLE_PASSWORD,
  SAMPLE_PAYOUT,
  SAMPLE_PENDING_PERSON_USER,
  SAMPLE_PERSON_USER,
  SAMPLE_PERSON_USER_ID,
  SAMPLE_PROOF_OF_BANK,
} from './sample-data.js';

/** The claim's steps with the first `done` of them done and the next current. */
function steps(done: number): ClaimStepResponse[] {
  return CLAIM_STEP_KEYS.map((key, index) => ({
    key,
    label: CLAIM_STEP_LABELS[key],
    state: index < done ? 'done' : index === done ? 'current' : 'todo',
  }));
}

/** The sample claim while the member fills it in: details confirmed, bank account chosen, an ID copy. */
const DRAFT_CLAIM: ClaimResponse = {
  id: SAMPLE_CLAIM_ID,
  benefitId: SAMPLE_BENEFIT_ID,
  status: 'draft',
  steps: steps(3),
  personalDetailsConfirmedAt: '2026-11-20T09:02:00.000Z',
  bankAccount: { ...SAMPLE_BANK_ACCOUNT, usedBySubmittedClaim: false },
  documents: [SAMPLE_ID_COPY, SAMPLE_PROOF_OF_BANK],
  feesAcceptedAt: null,
  declarationAcceptedAt: null,
  payout: SAMPLE_PAYOUT,
  submittedAt: null,
  rejectionReason: null,
  events: [],
  informationRequest: null,
};

/** The sample claim just submitted. */
const SUBMITTED_CLAIM: ClaimResponse = {
  ...DRAFT_CLAIM,
  status: 'submitted',
  steps: steps(CLAIM_STEP_KEYS.length),
  bankAccount: SAMPLE_BANK_ACCOUNT,
  feesAcceptedAt: '2026-11-20T09:12:00.000Z',
  declarationAcceptedAt: AT.submitted,
  submittedAt: AT.submitted,
  events: [SAMPLE_EVENTS.submitted],
};

/** The sample claim after the fund's request for a bank letter was answered: back in review. */
const ANSWERED_CLAIM: ClaimResponse = {
  ...SUBMITTED_CLAIM,
  status: 'in_review',
  events: [
    SAMPLE_EVENTS.submitted,
    SAMPLE_EVENTS.inReview,
    SAMPLE_EVENTS.informationRequested,
    SAMPLE_EVENTS.informationAnswered,
  ],
  informationRequest: {
    id: 12,
    kind: 'correction',
    documentKind: null,
    message: 'Is the account holder N Dlamini the member herself?',
    requestedBy: 'fund',
    answerText: 'Yes, it is my own savings account.',
    answerDocumentId: null,
    answeredAt: AT.informationAnswered,
    createdAt: AT.informationRequested,
  },
};

const SESSION: SessionResponse = {
  apiToken: 'bcp_st_9Fq2LxW7cV4mR1tZ8yB3nK6pH0dJ5sGa',
  verified: false,
  personUser: SAMPLE_PENDING_PERSON_USER,
  otp: SAMPLE_OTP_SENT,
};

const NOTIFICATION: NotificationResponse = {
  id: 501,
  title: 'Your claim was submitted',
  body: 'We received your claim for the Demo Retirement Fund benefit. We will tell you when it moves on.',
  source: 'SYSTEM',
  event: 'claim.submitted',
  createdAt: AT.submitted,
  readAt: null,
};

const BENEFIT: BenefitResponse = {
  id: SAMPLE_BENEFIT_ID,
  fund: SAMPLE_FUND,
  benefitType: 'withdrawal',
  amountCents: SAMPLE_PAYOUT.grossAmountCents,
  status: 'claimed',
  claim: { id: SAMPLE_CLAIM_ID, status: 'submitted', submittedAt: AT.submitted },
  person: {
    firstName: 'Nomsa',
    lastName: 'Dlamini',
    idNumberMasked: SAMPLE_ID_NUMBER_MASKED,
    dateOfBirth: '1975-03-14',
  },
  payout: SAMPLE_PAYOUT,
  fastTrackDays: null,
};

const OTP_REQUIRED: OtpRequiredResponse = {
  otpRequired: true,
  message: `We sent a PIN to ${SAMPLE_OTP_SENT.destination}. Enter it to confirm.`,
  otp: SAMPLE_OTP_SENT,
};

/** A list envelope of one page holding `items`. */
const page = <T>(items: T[]) => ({ items, page: 1, pageSize: 25, total: items.length, totalPages: 1 });

/**
 * The member app's calls (`/api/app`, spec section 3): one realistic example per request body
 * and 2xx answer, telling one member's story (sample-data.ts).
 */
export const MEMBER_EXAMPLES: ExampleCatalogue = {
  signUp: {
    request: {
      idNumber: SAMPLE_ID_NUMBER,
      email: SAMPLE_EMAIL,
      phoneNumber: '082 123 4567',
      password: SAMPLE_PASSWORD,
      passwordConfirmation: SAMPLE_PASSWORD,
      twoFactorMethod: 'SMS',
      acceptTerms: true,
      language: 'en',
    },
    responses: { '201': { ...SESSION, personUser: { ...SAMPLE_PENDING_PERSON_USER, iidentifiiVerified: false } } },
  },
  getMyAccount: { responses: { '200': SAMPLE_PERSON_USER } },
  updateMyLanguage: { request: { language: 'af' }, responses: { '200': { ...SAMPLE_PERSON_USER, language: 'af' } } },
  updateMyTwoFactorMethod: {
    request: { twoFactorMethod: 'EMAIL', email: SAMPLE_EMAIL },
    responses: { '200': { ...SAMPLE_PERSON_USER, twoFactorMethod: 'EMAIL' }, '202': OTP_REQUIRED },
  },
  signIn: { request: { identifier: SAMPLE_ID_NUMBER, password: SAMPLE_PASSWORD }, responses: { '200': SESSION } },
  sendSignInPin: { responses: { '200': SAMPLE_OTP_SENT } },
  verifySignInPin: {
    request: { otp: '482913' },
    responses: { '200': { verified: true, personUser: SAMPLE_PERSON_USER } },
  },
  signOut: { responses: { '200': { message: 'You are signed out.' } } },
  getIdentityCheckUrl: {
    responses: {
      '200': { url: 'https://verify.iidentifii.example/start?session=5c1e0b7a-3f94-4c1d-9a35-2b7e8d60f411' },
    },
  },
  getLatestIdentityCheck: {
    responses: {
      '200': {
        status: 'passed',
        failureReason: null,
        createdAt: '2026-11-18T08:05:00.000Z',
        completedAt: '2026-11-18T08:09:40.000Z',
      },
    },
  },
  getPasswordResetDestination: { responses: { '200': { channel: 'SMS', destination: SAMPLE_OTP_SENT.destination } } },
  requestPasswordReset: {
    request: { identifier: SAMPLE_ID_NUMBER },
    responses: { '200': { channel: 'SMS', destination: SAMPLE_OTP_SENT.destination } },
  },
  verifyPasswordResetPin: {
    request: { identifier: SAMPLE_ID_NUMBER, otp: '730215' },
    responses: { '200': { resetToken: 'rst_4kP9vQ2mX7wB1cN8zL5tR3yH6', expiresAt: '2026-11-20T09:40:00.000Z' } },
  },
  resetPassword: {
    request: {
      resetToken: 'rst_4kP9vQ2mX7wB1cN8zL5tR3yH6',
      password: 'Blue-Kettle-77',
      passwordConfirmation: 'Blue-Kettle-77',
    },
    responses: { '200': { message: 'Your password was changed. Sign in with your new password.' } },
  },
  receiveIdentityCheckResult: {
    request: { reference: 'idv_5c1e0b7a3f94', status: 'passed', timestamp: '2026-11-18T08:09:40Z' },
    responses: { '200': { received: true } },
  },
  searchBenefits: { responses: { '200': { totalBenefits: 2 } } },
  listMyBenefits: {
    responses: {
      '200': page([
        {
          id: SAMPLE_BENEFIT_ID,
          fund: SAMPLE_FUND,
          benefitType: 'withdrawal',
          amountCents: SAMPLE_PAYOUT.grossAmountCents,
          status: 'claimed',
          claim: { id: SAMPLE_CLAIM_ID, status: 'submitted', submittedAt: AT.submitted },
        },
        {
          id: 1018,
          fund: { id: 2, name: 'Sample Provident Fund', registrationNumber: '12/8/00002' },
          benefitType: 'retirement',
          amountCents: 356_000,
          status: 'unclaimed',
          claim: null,
        },
      ]),
    },
  },
  getMyBenefitTotal: {
    responses: {
      '200': { totalBenefits: 2, totalAmountCents: 1_604_050, unclaimedBenefits: 1, unclaimedAmountCents: 356_000 },
    },
  },
  getMyBenefit: { responses: { '200': BENEFIT } },
  checkMessage: {
    request: { referenceCode: 'K7QM-2X9P', destination: '082 123 4567' },
    responses: {
      '200': {
        fromUs: true,
        sentAt: AT.submitted,
        channel: 'sms',
        kind: 'notification',
        kindText: MESSAGE_KINDS.notification,
        message: MESSAGE_CHECK_MESSAGES.fromUs,
        advice: MESSAGE_CHECK_MESSAGES.advice,
      },
    },
  },
  listMyNotifications: { responses: { '200': [NOTIFICATION] } },
  getMyUnreadNotificationTotal: { responses: { '200': 1 } },
  markMyNotificationsRead: { request: { ids: [501] }, responses: { '200': { updated: 1, total: 0 } } },
  getWebPushKey: {
    responses: {
      '200': {
        publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      },
    },
  },
  streamMyNotifications: {
    responses: {},
    media: {
      '200': {
        'text/event-stream': `event: notification\ndata: ${JSON.stringify(NOTIFICATION)}\n\n`,
      },
    },
  },
  registerMyDevice: {
    request: { personUserId: SAMPLE_PERSON_USER_ID, source: 'WEB', token: 'fcm:dGhpcy1pcy1hLWRldmljZS10b2tlbg' },
    responses: { '200': { id: 77, source: 'WEB', createdAt: AT.signedUp, refreshedAt: AT.submitted } },
  },
  deleteMyDevice: { request: { token: 'fcm:dGhpcy1pcy1hLWRldmljZS10b2tlbg' }, responses: { '200': { removed: true } } },
  watchIdNumber: {
    request: { idNumber: SAMPLE_ID_NUMBER, twoFactorMethod: 'SMS', phoneNumber: '082 123 4567', consent: true },
    responses: { '200': { watchId: 19, message: WATCHLIST_MESSAGES.pinSent, otp: SAMPLE_OTP_SENT } },
  },
  confirmWatch: { request: { otp: '519304' }, responses: { '200': { message: WATCHLIST_MESSAGES.watching } } },
  listBanksForMembers: {
    responses: { '200': page([SAMPLE_BANK, { id: 4, name: 'First National Bank', universalBranchCode: '250655' }]) },
  },
  listPublishedFaqs: {
    responses: {
      '200': page([
        {
          id: 4,
          question: 'How long does a claim take?',
          answer: 'Most funds decide within 10 working days of a complete claim.',
        },
      ]),
    },
  },
  getMyFaqParameters: {
    responses: {
      '200': page([
        {
          benefit: {
            id: SAMPLE_BENEFIT_ID,
            benefitType: 'withdrawal',
            status: 'claimed',
            amount: 'R 12 480,50',
            amountCents: SAMPLE_PAYOUT.grossAmountCents,
            totalFees: 'R 717,63',
            netAmount: 'R 11 762,87',
            netAmountCents: SAMPLE_PAYOUT.netAmountCents,
          },
          person: { firstName: 'Nomsa', lastName: 'Dlamini', idNumberMasked: SAMPLE_ID_NUMBER_MASKED },
          fund: SAMPLE_FUND,
          claim: [{ id: SAMPLE_CLAIM_ID, status: 'submitted', submittedAt: AT.submitted }],
        },
      ]),
    },
  },
  getMyBenefitClaim: { responses: { '200': SUBMITTED_CLAIM } },
  saveMyBenefitClaim: {
    request: { personalDetailsConfirmed: true, bankAccountId: SAMPLE_BANK_ACCOUNT.id, feesAccepted: true },
    responses: { '200': { ...DRAFT_CLAIM, steps: steps(4), feesAcceptedAt: '2026-11-20T09:12:00.000Z' } },
  },
  submitMyBenefitClaim: {
    request: { declarationAccepted: true, netAmountCents: SAMPLE_PAYOUT.netAmountCents },
    responses: { '200': SUBMITTED_CLAIM },
  },
  uploadMyClaimDocument: { responses: { '201': DRAFT_CLAIM } },
  answerMyClaimInformationRequest: {
    request: { answer: 'Yes, it is my own savings account.' },
    responses: { '200': ANSWERED_CLAIM },
  },
  deleteMyClaimDocument: { responses: { '200': { ...DRAFT_CLAIM, steps: steps(2), documents: [SAMPLE_ID_COPY] } } },
  listMyBankAccounts: { responses: { '200': page([SAMPLE_BANK_ACCOUNT]) } },
  createMyBankAccount: {
    request: {
      bankId: SAMPLE_BANK.id,
      accountType: 'SAVINGS',
      accountNumber: '1234567890',
      holderName: 'N Dlamini',
      otp: '604127',
    },
    responses: { '201': { ...SAMPLE_BANK_ACCOUNT, usedBySubmittedClaim: false } },
  },
  // A PDF file and a 204 with no body: nothing to show as JSON.
  getMyBenefitStatement: { responses: {} },
  deleteMyBankAccount: { responses: {} },
  getMyBankAccount: { responses: { '200': { ...SAMPLE_BANK_ACCOUNT, accountNumber: '1234567890' } } },
  updateMyBankAccount: {
    request: {
      bankId: SAMPLE_BANK.id,
      accountType: 'CHEQUE',
      accountNumber: '1234567890',
      holderName: 'N Dlamini',
      otp: '604127',
    },
    responses: { '200': { ...SAMPLE_BANK_ACCOUNT, accountType: 'CHEQUE', usedBySubmittedClaim: false } },
  },
  sendMyBankAccountPin: { responses: { '200': SAMPLE_OTP_SENT } },
};
