/**
 * The kinds of file a fund (or its tracing partner, or its administrator) uploads, with their
 * target fields (issue 16 rule 1, spec 7 `GET file-uploads/types` and `GET file-uploads/mapping`).
 * A target field is what a column of the file is mapped to; `aliases` are header names seen in
 * funds' files (compared lower-case, without spaces, `_`, `-` or `.`), used to suggest a mapping.
 */

export const FILE_UPLOAD_TYPES = ['member_file', 'trace_results', 'payment_confirmations'] as const;
export type FileUploadType = (typeof FILE_UPLOAD_TYPES)[number];

/** How a field's cells are read and checked (see `cells.ts`). */
export type TargetFieldFormat = 'sa_id_number' | 'text' | 'rand_amount' | 'email' | 'phone_number' | 'date';

export interface TargetField {
  /** The key the mapping names, e.g. `id_number`. */
  key: string;
  label: string;
  required: boolean;
  format: TargetFieldFormat;
  /** What people read about the format, shown beside the field when mapping. */
  formatHint: string;
  aliases: readonly string[];
  /**
   * The longest cell taken, in characters after trimming (issue 34 item 10): a longer one is a row
   * error naming the field (`ROW_MESSAGES.tooLong`), never a value staged.
   */
  maxLength: number;
}

const ID_NUMBER: TargetField = {
  key: 'id_number',
  label: 'ID number',
  required: true,
  format: 'sa_id_number',
  formatHint: '13-digit South African ID number, stored as text (not a number) in Excel',
  maxLength: 32,
  aliases: ['idnumber', 'id', 'idno', 'rsaid', 'saidnumber', 'identitynumber', 'identity', 'nationalid', 'memberid'],
};
const FIRST_NAME: TargetField = {
  key: 'first_name',
  label: 'First name',
  required: true,
  format: 'text',
  formatHint: 'First name(s) as on the ID',
  maxLength: 120,
  aliases: ['firstname', 'firstnames', 'name', 'givenname', 'forename', 'forenames', 'names'],
};
const LAST_NAME: TargetField = {
  key: 'last_name',
  label: 'Last name',
  required: true,
  format: 'text',
  formatHint: 'Surname as on the ID',
  maxLength: 120,
  aliases: ['lastname', 'surname', 'familyname'],
};
const MEMBER_NUMBER: TargetField = {
  key: 'member_number',
  label: 'Member number',
  required: true,
  format: 'text',
  formatHint: "The fund's member number",
  maxLength: 64,
  aliases: ['membernumber', 'memberno', 'membernr', 'member', 'policynumber', 'policyno', 'accountnumber'],
};
const EMAIL: TargetField = {
  key: 'email',
  label: 'Email',
  required: false,
  format: 'email',
  formatHint: 'Email address; an invalid one is dropped with a warning',
  maxLength: 254,
  aliases: ['email', 'emailaddress', 'mail', 'eposadres'],
};
const PHONE_NUMBER: TargetField = {
  key: 'phone_number',
  label: 'Mobile number',
  required: false,
  format: 'phone_number',
  formatHint: 'South African mobile number (0821234567 or +27821234567); an invalid one is dropped with a warning',
  maxLength: 32,
  aliases: ['phonenumber', 'phone', 'mobile', 'mobilenumber', 'cell', 'cellnumber', 'cellphone', 'cellno', 'telephone'],
};

/** The target fields of each type, in the order a template file lists them. */
export const FILE_UPLOAD_TARGET_FIELDS: Record<FileUploadType, readonly TargetField[]> = {
  member_file: [
    ID_NUMBER,
    FIRST_NAME,
    LAST_NAME,
    MEMBER_NUMBER,
    {
      key: 'benefit_type',
      label: 'Benefit type',
      required: true,
      format: 'text',
      formatHint: 'e.g. withdrawal, retirement, death',
      maxLength: 64,
      aliases: ['benefittype', 'benefit', 'type', 'claimtype', 'category'],
    },
    {
      key: 'amount',
      label: 'Amount (rand)',
      required: true,
      format: 'rand_amount',
      formatHint: 'Rand, with . or , for cents and optional spaces (12 480,50)',
      maxLength: 32,
      aliases: ['amount', 'benefitamount', 'value', 'balance', 'amountdue', 'unclaimedamount', 'rand', 'zar'],
    },
    EMAIL,
    PHONE_NUMBER,
    {
      key: 'date_of_exit',
      label: 'Date of exit',
      required: false,
      format: 'date',
      formatHint: 'Date the member left the fund, YYYY-MM-DD',
      maxLength: 32,
      aliases: ['dateofexit', 'exitdate', 'datelefts', 'dateleft', 'leavingdate', 'terminationdate', 'withdrawaldate'],
    },
  ],
  trace_results: [
    ID_NUMBER,
    FIRST_NAME,
    LAST_NAME,
    { ...EMAIL, formatHint: 'Email address the tracing partner found' },
    { ...PHONE_NUMBER, formatHint: 'Mobile number the tracing partner found' },
  ],
  payment_confirmations: [
    {
      key: 'claim_reference',
      label: 'Claim reference',
      required: true,
      format: 'text',
      formatHint: 'The claim reference the platform gave the administrator',
      maxLength: 64,
      aliases: ['claimreference', 'claimref', 'claimid', 'claim', 'reference', 'ref'],
    },
    {
      key: 'payment_reference',
      label: 'Payment reference',
      required: true,
      format: 'text',
      formatHint: "The administrator's payment reference",
      maxLength: 100,
      aliases: ['paymentreference', 'paymentref', 'payref', 'eftreference', 'transactionreference'],
    },
    {
      key: 'paid_on',
      label: 'Paid on',
      required: false,
      format: 'date',
      formatHint: 'Date paid, YYYY-MM-DD (default: the day the file is accepted)',
      maxLength: 32,
      aliases: ['paidon', 'paymentdate', 'datepaid', 'paiddate', 'date'],
    },
  ],
};

/** What each type is, for `GET file-uploads/types`. */
export const FILE_UPLOAD_TYPE_LABELS: Record<FileUploadType, { label: string; description: string }> = {
  member_file: {
    label: 'Member file',
    description: "A fund's unclaimed benefits: one row per benefit, with the member's ID number and contact details.",
  },
  trace_results: {
    label: 'Trace results',
    description: 'Contact details a tracing partner found for persons already known.',
  },
  payment_confirmations: {
    label: 'Payment confirmations',
    description: "The administrator's record of benefits paid: marks approved claims paid, with the payment reference.",
  },
};
