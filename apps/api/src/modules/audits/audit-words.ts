import { formatRand } from '@bcp/contract';

/*
 * The words of the audit log (issue 36 item 5): what each kind of record is called, what each
 * action reads as, each field's label and how values read. The one place events are put into words
 * (`describe-audit-events.ts` uses it for the office's log, each record's trail and the CSV export).
 * An action, record type or field not listed here still reads as words, never as a bare code.
 */

/** `table[key]` when `table` has it as its own (never a prototype's: `constructor`, `__proto__`). */
function own<T>(table: Record<string, T> | undefined, key: string): T | undefined {
  return table && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** What one record of each type is called: `claims` -> `claim`. */
const RECORD_NOUNS: Record<string, string> = {
  'account-types': 'account type',
  audits: 'audit log',
  banks: 'bank',
  benefits: 'benefit',
  claims: 'claim',
  faqs: 'FAQ',
  fees: 'fee',
  'file-uploads': 'upload',
  'fund-types': 'fund type',
  funds: 'fund',
  'historic-accounts': 'historic account',
  invoices: 'invoice',
  partners: 'partner',
  permissions: 'permission',
  persons: 'person',
  'person-users': 'member account',
  roles: 'role',
  tasks: 'task',
  templates: 'template',
  users: 'staff user',
};

/** `file_uploads`, `fileUploads`, `file-uploads` -> `['file', 'uploads']`. */
function words(code: string): string[] {
  return code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Upper-cases the first character. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A record type's noun: listed, else its words with a plural `s` dropped (`webhook-endpoints` -> `webhook endpoint`). */
export function recordNoun(entityType: string): string {
  const listed = own(RECORD_NOUNS, entityType);
  if (listed) return listed;
  const parts = words(entityType);
  const last = parts.pop() ?? 'record';
  return [...parts, last.endsWith('s') && last.length > 3 ? last.slice(0, -1) : last].join(' ');
}

/** What the event says about the record it is about, for its sentence. */
export interface PhraseContext {
  /** The record in words: `claim 1042 (R 12 480,50)`, `fund “Demo Retirement Fund”`, `a fee`. */
  record: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
type Phrase = (context: PhraseContext) => string;

const NUMBER = new Intl.NumberFormat('en-ZA');

/** `exported 1 234 claims as CSV (ID and account numbers masked)`. */
function exportPhrase(what: string): Phrase {
  return ({ after }) => {
    const rows = typeof after.rowCount === 'number' ? `${NUMBER.format(after.rowCount)} ` : '';
    const format = typeof after.format === 'string' ? ` as ${after.format.toUpperCase()}` : '';
    const masking =
      after.unmasked === true ? ' with full ID and account numbers' : after.unmasked === false ? ' (masked)' : '';
    return `exported ${rows}${what}${format}${masking}`;
  };
}

const on =
  (text: string): Phrase =>
  ({ record }) =>
    `${text} ${record}`;

/** Actions whose sentence is not the plain "<verb> <record>". */
const ACTION_PHRASES: Record<string, Phrase> = {
  'staff.signed_in': () => 'signed in',
  'staff.signed_out': () => 'signed out',
  'users.password_changed': on('set a new password for'),
  'users.updated': on('changed'),
  'persons.viewed': on('revealed the ID number and contact details of'),
  'persons.images-viewed': on('viewed the identity images of'),
  'persons.searched': ({ record, after }) =>
    after.found === 0 ? 'searched for an ID number and found nobody' : `found ${record} by ID number`,
  'persons.source-viewed': on('viewed the uploaded rows of'),
  'persons.corrected': on('corrected the details of'),
  'persons.outreach_opted_out': ({ record }) => `opted ${record} out of outreach messages`,
  'person-users.reset-pin-sent': on('sent a PIN reset to'),
  'benefits.source-viewed': on('viewed the uploaded row of'),
  'benefits.statement-issued': on('issued a statement for'),
  'benefits.exported': exportPhrase('benefits'),
  'claims.exported': exportPhrase('claims'),
  'invoices.exported': exportPhrase('invoices'),
  'audits.exported': exportPhrase('audit events'),
  'claims.in_review': ({ record }) => `took ${record} into review`,
  'claims.first-approved': ({ record }) => `gave the first of two approvals to ${record}`,
  'claims.approval-sent-back': on('sent back the first approval of'),
  'claims.assigned': ({ record, after }) =>
    after.assignedUserId === null || after.assignedUserId === undefined
      ? `unassigned ${record}`
      : `assigned ${record} to ${typeof after.assignee === 'string' ? after.assignee : `staff user ${String(after.assignedUserId)}`}`,
  'claims.risk_flags_changed': on('updated the risk flags of'),
  'claims.paid': ({ record }) => `marked ${record} as paid`,
  'claims.lodged': ({ record }) => `lodged ${record} for the member`,
  'claims.information_requested': on('asked for more information on'),
  'claims.fast_track_evaluated': ({ record }) => `checked ${record} against the fast-track rule`,
  'claims.process_step_logged': on('logged a process step of'),
  'claims.bank-matched': on('ran the bank account match of'),
  'claims.document_viewed': on('opened a document of'),
  'claims.document_accepted': on('accepted a document of'),
  'claims.document_rejected': on('rejected a document of'),
  'funds.process_steps_set': on('set the process steps of'),
  'funds.process_steps_reset': ({ record }) => `reset the process steps of ${record} to the default checklist`,
  'funds.enrichment_steps_set': on('set the enrichment steps of'),
  'funds.enrichment_steps_reset': ({ record }) => `reset the enrichment steps of ${record} to the default`,
  'funds.enrichment_rerun': on('ran enrichment again for'),
  'funds.outreach_started': on('started outreach for'),
  'partners.api_key_created': on('created an API key for'),
  'partners.api_key_revoked': on('revoked an API key of'),
  'partners.webhook_created': on('added a webhook for'),
  'partners.webhook_deleted': on('removed a webhook of'),
  'partners.webhook_secret_rotated': on('rotated the webhook signing secret of'),
  'partners.webhook_redelivered': on('redelivered a failed webhook message to'),
  'partners.file_requested': on('asked for a partner file for'),
  'partners.file_generated': on('generated a partner file for'),
  'partners.file_downloaded': on('downloaded a partner file of'),
  'file-uploads.created': on('started'),
  'file-uploads.uploaded': on('uploaded the file of'),
  'file-uploads.mapped': on('mapped the columns of'),
  'file-uploads.validated': on('checked the rows of'),
  'file-uploads.loaded': on('loaded the benefits of'),
  'file-uploads.downloaded': ({ record, after }) =>
    after.file === 'errors' ? `downloaded the refused rows of ${record}` : `downloaded the file of ${record}`,
  'invoices.credit-note-issued': on('issued a credit note for'),
};

/** Verbs read as they are written, however the record is named. */
const PLAIN_VERBS: Record<string, string> = { updated: 'changed' };

/**
 * The event's sentence after its actor's name: `approved claim 1042 (R 12 480,50)`. Listed actions
 * have their own words; `<type>.<verb>` with a one-word past tense reads `<verb> <record>`
 * (`assigned claim 7`); anything else `recorded “<action in words>” on <record>`.
 */
export function actionPhrase(action: string, context: PhraseContext): string {
  const listed = own(ACTION_PHRASES, action);
  if (listed) return listed(context);
  const verb = action.slice(action.indexOf('.') + 1);
  if (action.endsWith('.escalation_refused')) {
    return `was refused a change to ${context.record}: it would have given permissions they do not hold`;
  }
  if (/^[a-z]+ed$/.test(verb)) return `${own(PLAIN_VERBS, verb) ?? verb} ${context.record}`;
  return `recorded “${words(verb).join(' ')}” on ${context.record}`;
}

/** An action for a filter's choices: `claims.approved` -> `Claim approved`, `staff.sign_in_failed` -> `Staff sign in failed`. */
export function actionLabel(action: string): string {
  const dot = action.indexOf('.');
  const type = dot < 0 ? '' : action.slice(0, dot);
  const verb = dot < 0 ? action : action.slice(dot + 1);
  return capitalise([...(type ? [recordNoun(type)] : []), ...words(verb)].join(' '));
}

/** Labels every record type shares. */
const COMMON_LABELS: Record<string, string> = {
  action: 'Action',
  active: 'Active',
  actorId: 'Actor',
  actorType: 'Actor type',
  amountCents: 'Amount',
  assignedUserId: 'Assigned to (user number)',
  assignee: 'Assigned to',
  bankMatchOverrideReason: 'Reason for overriding the bank match',
  benefitId: 'Benefit',
  description: 'Description',
  email: 'Email',
  entityId: 'Record',
  entityType: 'Record type',
  filter: 'Filters',
  firstApprovedByUserId: 'First approved by (user number)',
  format: 'Format',
  grossAmount: 'Gross amount',
  name: 'Name',
  netPayoutCents: 'Net payout',
  note: 'Note',
  occurredFrom: 'From',
  overriddenChecks: 'Checks overridden',
  overrideReason: 'Reason for the override',
  occurredTo: 'To',
  paymentReference: 'Payment reference',
  phoneNumber: 'Phone number',
  q: 'Search',
  reason: 'Reason',
  riskFlags: 'Risk flags',
  roleIds: 'Roles',
  rowCount: 'Rows',
  sessionId: 'Session',
  status: 'Status',
  unmasked: 'Full ID and account numbers',
};

/** Labels of one record type's fields, where its words differ from the shared ones. */
const LABELS: Record<string, Record<string, string>> = {
  funds: {
    administrator: 'Fund administrator',
    contactEmail: 'Contact email',
    contactName: 'Contact name',
    contactPhone: 'Contact phone',
    fastTrackDays: 'Fast-track promise (days)',
    fastTrackThresholdCents: 'Fast-track amount',
    fundType: 'Fund type',
    registrationNumber: 'FSCA registration number',
    secondApprovalThresholdCents: 'Second-approval amount',
    steps: 'Steps',
    tags: 'Tags',
  },
  fees: {
    amountCents: 'Fixed amount',
    basisPoints: 'Rate',
    endsOn: 'Until',
    kind: 'Kind',
    startsOn: 'From',
    vatInclusive: 'VAT included',
  },
  users: { twoFactorMethod: 'PIN sent by' },
  'person-users': { twoFactorMethod: 'PIN sent by' },
};

/** A field's label: listed for its record type or shared, else its words (`fundTypeId` -> `Fund type`, cents dropped). */
export function fieldLabel(entityType: string, field: string): string {
  const listed = own(own(LABELS, entityType), field) ?? own(COMMON_LABELS, field);
  if (listed) return listed;
  const parts = words(field);
  while (parts.length > 1 && (parts.at(-1) === 'cents' || parts.at(-1) === 'id')) parts.pop();
  return capitalise(parts.join(' ') || field);
}

const ISO_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const CODE = /^[a-z]+(_[a-z]+)+$/;

/**
 * A value as people read it: cents as rand (`formatRand`), basis points as a percentage, yes/no,
 * times as `2026-11-26 10:11 UTC`, codes with spaces (`in_review` -> `in review`), lists joined,
 * an object by its name or as `label: value` pairs. Null or absent: null.
 */
export function formatValue(field: string, value: unknown, entityType = ''): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && /Cents$/.test(field)) return formatRand(value);
  if (typeof value === 'number' && /BasisPoints$|^basisPoints$/.test(field)) return `${value / 100}%`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    const time = ISO_TIME.exec(value);
    if (time && (time[5] === 'Z' || time[5] === '+00:00')) return `${time[1]} ${time[2]} UTC`;
    return CODE.test(value) ? value.replaceAll('_', ' ') : value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value.map((item) => formatValue(field, item, entityType) ?? '—').join(', ');
  }
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of ['name', 'label', 'title', 'code']) {
      if (typeof object[key] === 'string') return object[key] as string;
    }
    const pairs = Object.entries(object)
      .map(([key, item]) => [fieldLabel(entityType, key), formatValue(key, item, entityType)] as const)
      .filter(([, item]) => item !== null);
    return pairs.length === 0 ? 'none' : pairs.map(([label, item]) => `${label}: ${item}`).join('; ');
  }
  return String(value);
}
