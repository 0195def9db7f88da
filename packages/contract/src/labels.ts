/**
 * What people read for the enum values and data-field keys the back office shows (issue 38 item 4
 * "One format"): one place for the labels that had none, and `ENUM_LABELS`, every label map of the
 * contract by enum, so that screens never show a raw code (`SAVINGS`, `id_number`, `in_review`)
 * and the browser tests can tell a raw code from words. Members' texts keep their own labels.
 */
import { BANK_ACCOUNT_TYPE_LABELS } from './banks.js';
import {
  CLAIM_DOCUMENT_LABELS,
  CLAIM_DOCUMENT_STATE_LABELS,
  CLAIM_STATUS_LABELS,
  CLAIM_STEP_LABELS,
} from './claims.js';
import type { DEVICE_SOURCES, TWO_FACTOR_METHODS } from './constants.js';
import {
  type ENRICHMENT_RECORD_STATUSES,
  type ENRICHMENT_RERUN_SCOPES,
  type ENRICHMENT_RESULTS,
  type ENRICHMENT_RUN_STATUSES,
  ENRICHMENT_STEP_KINDS,
} from './enrichment.js';
import { FILE_UPLOAD_TARGET_FIELDS, FILE_UPLOAD_TYPE_LABELS, FILE_UPLOAD_TYPES } from './file-uploads/types.js';
import {
  type CLAIM_PROCESS_STEP_STATUSES,
  type FUND_STATUSES,
  PARTNER_KIND_LABELS,
  PROCESS_STEP_KINDS,
} from './funds.js';
import type { TEMPLATE_KINDS } from './messages/templates.js';
import { PERMISSION_DESCRIPTIONS } from './permissions.js';
import { APPROVAL_CHECK_LABELS } from './shapes/approvals.js';
import type { BENEFIT_STATUSES } from './shapes/benefits.js';
import { RISK_SIGNAL_LABELS } from './shapes/claim-risk.js';
import { FAST_TRACK_CONDITION_LABELS } from './shapes/fast-track.js';
import type { FILE_UPLOAD_STATUSES } from './shapes/file-uploads.js';
import type { IDENTITY_CHECK_STATUSES } from './shapes/identity.js';
import type { INVOICE_KINDS, INVOICE_STATUSES } from './shapes/invoices.js';
import type { PARTNER_FILE_STATUSES } from './shapes/partner-files.js';
import type { TASK_STATUSES } from './shapes/tasks.js';

type Labels<Values extends readonly string[]> = Record<Values[number], string>;

/** A fund's status. */
export const FUND_STATUS_LABELS: Labels<typeof FUND_STATUSES> = { active: 'Active', archived: 'Archived' };

/** A task's status. */
export const TASK_STATUS_LABELS: Labels<typeof TASK_STATUSES> = {
  open: 'Open',
  completed: 'Completed',
  rejected: 'Rejected',
};

/** A benefit's status. */
export const BENEFIT_STATUS_LABELS: Labels<typeof BENEFIT_STATUSES> = {
  unclaimed: 'Unclaimed',
  claimed: 'Claimed',
  paid: 'Paid',
};

/** A file upload's status, as staff read it in the uploads list and on an upload's page. */
export const FILE_UPLOAD_STATUS_LABELS: Labels<typeof FILE_UPLOAD_STATUSES> = {
  awaiting_file: 'Awaiting file',
  uploaded: 'Needs mapping',
  validating: 'Checking rows',
  validated: 'Waiting for a decision',
  accepting: 'Loading',
  accepted: 'Accepted',
  rejected: 'Rejected',
  failed: 'Failed',
};

/** An enrichment run's status. */
export const ENRICHMENT_RUN_STATUS_LABELS: Labels<typeof ENRICHMENT_RUN_STATUSES> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

/** Which records an enrichment rerun looks up again. */
export const ENRICHMENT_RERUN_SCOPE_LABELS: Labels<typeof ENRICHMENT_RERUN_SCOPES> = {
  all: 'all records',
  failed: 'failed records',
  selected: 'selected records',
};

/** Where one person's look-up stands. */
export const ENRICHMENT_RECORD_STATUS_LABELS: Labels<typeof ENRICHMENT_RECORD_STATUSES> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
};

/** What a completed look-up found. */
export const ENRICHMENT_RESULT_LABELS: Labels<typeof ENRICHMENT_RESULTS> = {
  valid: 'Valid',
  invalid: 'Invalid',
  alive: 'Alive',
  deceased: 'Deceased',
  blocked: 'Blocked',
  not_found: 'Not found',
  found: 'Found',
};

/** A file generated for a tracing partner. */
export const PARTNER_FILE_STATUS_LABELS: Labels<typeof PARTNER_FILE_STATUSES> = {
  queued: 'Being made',
  ready: 'Ready',
  failed: 'Failed',
};

/** An identity check's status (the member's selfie and ID check). */
export const IDENTITY_CHECK_STATUS_LABELS: Labels<typeof IDENTITY_CHECK_STATUSES> = {
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Failed',
};

/** A claim's process step outcome. */
export const CLAIM_PROCESS_STEP_STATUS_LABELS: Labels<typeof CLAIM_PROCESS_STEP_STATUSES> = {
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Failed',
};

/** A person's gender, as the ID number gives it. */
export const GENDER_LABELS: Record<'female' | 'male', string> = { female: 'Female', male: 'Male' };

/** Who decided a claim's process step: a staff user or a partner (a fund administrator, by API). */
export const DECIDER_TYPE_LABELS: Record<'user' | 'partner', string> = { user: 'staff user', partner: 'partner' };

/** Where a member's device signed in from. */
export const DEVICE_SOURCE_LABELS: Labels<typeof DEVICE_SOURCES> = { APP: 'App', WEB: 'Web' };

/** How a staff user or member receives a PIN. */
export const TWO_FACTOR_METHOD_LABELS: Labels<typeof TWO_FACTOR_METHODS> = { SMS: 'SMS', EMAIL: 'Email' };

/** A tracing-fee document's kind and status. */
export const INVOICE_KIND_LABELS: Labels<typeof INVOICE_KINDS> = { invoice: 'Invoice', credit_note: 'Credit note' };
export const INVOICE_STATUS_LABELS: Labels<typeof INVOICE_STATUSES> = { draft: 'Draft', issued: 'Issued' };

/** How bad a finding on an uploaded row is. */
export const FINDING_LEVEL_LABELS: Record<'error' | 'warning', string> = { error: 'Error', warning: 'Warning' };

/** What an identity check's image shows. */
export const IDENTITY_IMAGE_KIND_LABELS: Record<string, string> = { selfie: 'Selfie', 'id-document': 'ID document' };

/** A template's kind. */
export const TEMPLATE_KIND_LABELS: Labels<typeof TEMPLATE_KINDS> = {
  faq_answer: 'FAQ answer',
  email: 'Email',
  sms: 'SMS',
  push: 'Push notification',
  statement: 'Statement',
};

/**
 * Data-field keys (of uploads' rows, findings and exports) in words: the upload target fields'
 * labels (`id_number` -> "ID number", `member_number` -> "Member number") and a few more.
 */
export const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    FILE_UPLOAD_TYPES.flatMap((type) => FILE_UPLOAD_TARGET_FIELDS[type].map((field) => [field.key, field.label])),
  ),
  amount_cents: 'Amount',
  id_number_masked: 'ID number',
};

/**
 * A data-field key in words: its label in `FIELD_LABELS`, else the key with its underscores as
 * spaces and a capital first letter (`date_of_birth` -> "Date of birth"), never the raw key.
 */
export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Every label map of the contract, by enum: the one place screens take an enum's words from
 * (`ENUM_LABELS.bankAccountType.SAVINGS` -> "Savings account"), and the list of raw codes the
 * back office's browser tests refuse to see in a table.
 */
export const ENUM_LABELS = {
  bankAccountType: BANK_ACCOUNT_TYPE_LABELS,
  claimStatus: CLAIM_STATUS_LABELS,
  claimDocument: CLAIM_DOCUMENT_LABELS,
  claimDocumentState: CLAIM_DOCUMENT_STATE_LABELS,
  claimStep: CLAIM_STEP_LABELS,
  claimProcessStepStatus: CLAIM_PROCESS_STEP_STATUS_LABELS,
  approvalCheck: APPROVAL_CHECK_LABELS,
  riskSignal: RISK_SIGNAL_LABELS,
  fastTrackCondition: FAST_TRACK_CONDITION_LABELS,
  partnerKind: PARTNER_KIND_LABELS,
  fundStatus: FUND_STATUS_LABELS,
  taskStatus: TASK_STATUS_LABELS,
  benefitStatus: BENEFIT_STATUS_LABELS,
  fileUploadType: Object.fromEntries(FILE_UPLOAD_TYPES.map((type) => [type, FILE_UPLOAD_TYPE_LABELS[type].label])),
  fileUploadStatus: FILE_UPLOAD_STATUS_LABELS,
  enrichmentRunStatus: ENRICHMENT_RUN_STATUS_LABELS,
  enrichmentRerunScope: ENRICHMENT_RERUN_SCOPE_LABELS,
  enrichmentRecordStatus: ENRICHMENT_RECORD_STATUS_LABELS,
  enrichmentResult: ENRICHMENT_RESULT_LABELS,
  partnerFileStatus: PARTNER_FILE_STATUS_LABELS,
  identityCheckStatus: IDENTITY_CHECK_STATUS_LABELS,
  deviceSource: DEVICE_SOURCE_LABELS,
  twoFactorMethod: TWO_FACTOR_METHOD_LABELS,
  invoiceKind: INVOICE_KIND_LABELS,
  invoiceStatus: INVOICE_STATUS_LABELS,
  templateKind: TEMPLATE_KIND_LABELS,
  gender: GENDER_LABELS,
  deciderType: DECIDER_TYPE_LABELS,
  findingLevel: FINDING_LEVEL_LABELS,
  identityImageKind: IDENTITY_IMAGE_KIND_LABELS,
  field: FIELD_LABELS,
  permission: PERMISSION_DESCRIPTIONS,
} as const satisfies Record<string, Record<string, string>>;

/**
 * Raw codes that must not be shown to people as they are: every key of `ENUM_LABELS` that reads as
 * a code, not a word (UPPER_SNAKE such as `SAVINGS`, snake_case such as `in_review`, dotted
 * permissions such as `funds.write`), plus the enrichment step kinds (`id_validation`); a code
 * whose label is itself (`SMS`) is a word.
 */
export function rawEnumCodes(): string[] {
  const codes = new Set<string>([...ENRICHMENT_STEP_KINDS, ...PROCESS_STEP_KINDS].map((step) => step.kind));
  for (const labels of Object.values(ENUM_LABELS)) {
    for (const [code, label] of Object.entries(labels)) if (code !== label) codes.add(code);
  }
  return [...codes].filter((code) => /^[A-Z][A-Z0-9_]+$|^[a-z0-9-]+([_.][a-z0-9-]+)+$/.test(code));
}
