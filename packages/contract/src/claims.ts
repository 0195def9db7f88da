/**
 * Claim statuses, their moves and the claim steps (issue 4; spec 4 "Benefit claims can be claimed
 * and approved"). Shared by the server (which enforces them) and the app (which shows them).
 */

export const CLAIM_STATUSES = [
  'draft',
  'submitted',
  'in_review',
  'information_requested',
  'approved',
  'rejected',
  'paid',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** What members read for each status. */
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  draft: 'Not yet submitted',
  submitted: 'Submitted',
  in_review: 'In review',
  information_requested: 'More information needed',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
};

/**
 * The moves a claim may make: draft -> submitted -> in_review -> approved | rejected; approved -> paid.
 * Staff or the fund may ask the member for more (issue 21 item 1): submitted | in_review ->
 * information_requested, and the member's answer takes it back: information_requested -> in_review
 * (or the claim is rejected while waiting).
 */
export const CLAIM_TRANSITIONS: Record<ClaimStatus, readonly ClaimStatus[]> = {
  draft: ['submitted'],
  submitted: ['in_review', 'information_requested', 'rejected'],
  in_review: ['information_requested', 'approved', 'rejected'],
  information_requested: ['in_review', 'rejected'],
  approved: ['paid'],
  rejected: [],
  paid: [],
};

/** Whether a claim may move from one status to another. */
export function canMoveClaim(from: ClaimStatus, to: ClaimStatus): boolean {
  return CLAIM_TRANSITIONS[from].includes(to);
}

/** Submitted and not yet finished: its bank account is locked behind a PIN. */
export const CLAIM_STATUSES_IN_PROGRESS: readonly ClaimStatus[] = [
  'submitted',
  'in_review',
  'information_requested',
  'approved',
];

/** Document kinds a claim needs, with what members read. */
export const CLAIM_DOCUMENT_KINDS = ['ID_COPY', 'PROOF_OF_BANK_ACCOUNT'] as const;
export type ClaimDocumentKind = (typeof CLAIM_DOCUMENT_KINDS)[number];
export const CLAIM_DOCUMENT_LABELS: Record<ClaimDocumentKind, string> = {
  ID_COPY: 'Copy of your ID',
  PROOF_OF_BANK_ACCOUNT: 'Proof of bank account',
};

/**
 * A document's own state (issue 21 item 1): `received` when uploaded, then `accepted` or `rejected`
 * (with the reason and what to do) by the reviewer.
 */
export const CLAIM_DOCUMENT_STATES = ['received', 'accepted', 'rejected'] as const;
export type ClaimDocumentState = (typeof CLAIM_DOCUMENT_STATES)[number];
export const CLAIM_DOCUMENT_STATE_LABELS: Record<ClaimDocumentState, string> = {
  received: 'Received',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** What a request for more information asks for (issue 21 item 1): a document, or a correction in words. */
export const INFORMATION_REQUEST_KINDS = ['document', 'correction'] as const;
export type InformationRequestKind = (typeof INFORMATION_REQUEST_KINDS)[number];

/**
 * Uploads: PDF, JPEG or PNG (checked by their magic bytes), at most 10 MB each; images at most
 * 12,000 pixels a side (as their header declares).
 */
export const CLAIM_DOCUMENT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxImageSide: 12_000,
  contentTypes: ['application/pdf', 'image/jpeg', 'image/png'],
} as const;

/** The default claim steps, in order (a fund's process steps may extend them). */
export const CLAIM_STEP_KEYS = [
  'personal-details',
  'bank-account',
  'documents',
  'fees',
  'declaration',
  'submit',
] as const;
export type ClaimStepKey = (typeof CLAIM_STEP_KEYS)[number];
export const CLAIM_STEP_LABELS: Record<ClaimStepKey, string> = {
  'personal-details': 'Confirm your details',
  'bank-account': 'Bank account',
  documents: 'Documents',
  fees: 'Fees and payout',
  declaration: 'Declaration',
  submit: 'Submit',
};
export type ClaimStepState = 'done' | 'current' | 'todo';

/** The declaration the member accepts before submitting. */
export const CLAIM_DECLARATION =
  'I declare that I am the person this benefit belongs to, that the details and documents I gave are true and my own, and that the benefit may be paid into the bank account I chose.';

/**
 * Each step's state from what is done: a step is `done` when its part is complete, the first step
 * not done is `current`, the rest `todo`. Once submitted, every step is done.
 */
export function claimStepStates(done: Record<ClaimStepKey, boolean>): { key: ClaimStepKey; state: ClaimStepState }[] {
  let currentGiven = false;
  return CLAIM_STEP_KEYS.map((key) => {
    if (done[key]) return { key, state: 'done' as const };
    if (currentGiven) return { key, state: 'todo' as const };
    currentGiven = true;
    return { key, state: 'current' as const };
  });
}
