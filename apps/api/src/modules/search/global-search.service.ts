import {
  CLAIM_STATUS_LABELS,
  FILE_UPLOAD_TYPE_LABELS,
  GLOBAL_SEARCH_LIMIT,
  type GlobalSearchHit,
  type GlobalSearchPersonHit,
  type GlobalSearchResponse,
  maskSaIdNumber,
  type Permission,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { maskIdNumbers } from '../../platform/messaging/message-text.js';
import { hasPermission, type StaffAccess } from '../../platform/rbac/staff-access.js';
import {
  type ClaimSearchRow,
  findClaimById,
  findInvoicesByNumber,
  findPersonsByIdNumber,
  findPersonsByMemberNumber,
  findPersonsBySurname,
  findUploadsByFileName,
  type InvoiceSearchRow,
  type PersonSearchRow,
  type UploadSearchRow,
} from '../../queries/global-search.js';
import { invoiceNumber } from '../invoices/index.js';

/** The permissions each kind needs: its list's and its record page's (issue 38 item 2). */
const KIND_PERMISSIONS = {
  persons: ['benefits.read', 'persons.read'],
  claims: ['benefits.read', 'claims.read'],
  invoices: ['invoices.read'],
  uploads: ['file-uploads.read'],
} as const satisfies Record<string, readonly Permission[]>;

/** The invoice series' prefixes (`INV`, `CN`), as the invoices module numbers them. */
const INVOICE_SERIES = [invoiceNumber('invoice', 0), invoiceNumber('credit_note', 0)].map((number) =>
  number.slice(0, number.indexOf('-')),
);

/** The invoice kinds in words. */
const INVOICE_KIND_WORDS: Record<InvoiceSearchRow['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' };

/** What a search term can be; each part undefined when the term cannot be that. */
interface SearchTerm {
  text: string;
  /** 13 digits: an SA ID number (matched exactly). */
  idNumber?: string | undefined;
  /** `1042`, `#1042`, `Claim 1042`: a claim's number (its id). */
  claimId?: number | undefined;
  /** A term with a digit is a member number (exact), never a surname (as the benefits list reads it). */
  memberNumber?: string | undefined;
  surname?: string | undefined;
  invoice: { numbers: string[]; prefix?: string | undefined };
  /** Part of an upload's file name (never an ID number). */
  fileName?: string | undefined;
}

/** Reads a trimmed, non-empty term of at most 100 characters (the contract checked it). */
export function readSearchTerm(text: string): SearchTerm {
  const idNumber = /^\d{13}$/.test(text) ? text : undefined;
  // Spaces dropped first (`Claim 1042`, `claim # 1042`): the pattern then has no two runs to backtrack between.
  const claim = /^(?:claim)?#?(\d{1,15})$/i.exec(text.replace(/\s/g, ''));
  const hasDigit = /\d/.test(text);
  return {
    text,
    idNumber,
    claimId: claim && !idNumber ? Number(claim[1]) : undefined,
    memberNumber: hasDigit && !idNumber ? text : undefined,
    surname: hasDigit ? undefined : text,
    invoice: idNumber ? { numbers: [] } : invoiceMatch(text.toUpperCase()),
    fileName: idNumber ? undefined : text,
  };
}

/**
 * The invoice numbers a term can mean: digits are a number in either series (`42` ->
 * `INV-000042`, `CN-000042`); a series' prefix (`INV-0000`, `inv-42`) is the start of a number or,
 * with its digits padded, one number. Anything else is no invoice number (so that every look-up
 * is on the number's indexes).
 */
function invoiceMatch(upper: string): SearchTerm['invoice'] {
  if (/^\d{1,9}$/.test(upper)) {
    const value = Number(upper);
    return { numbers: [invoiceNumber('invoice', value), invoiceNumber('credit_note', value)] };
  }
  const series = /^([A-Z]+)-(\d{0,9})$/.exec(upper);
  if (!series || !INVOICE_SERIES.includes(series[1] as string)) return { numbers: [] };
  const digits = series[2] as string;
  const kind = series[1] === INVOICE_SERIES[0] ? 'invoice' : 'credit_note';
  return { numbers: digits ? [invoiceNumber(kind, Number(digits))] : [], prefix: upper };
}

function group<Row, Hit>(rows: Row[], toHit: (row: Row) => Hit): { items: Hit[]; more: boolean } {
  return { items: rows.slice(0, GLOBAL_SEARCH_LIMIT).map(toHit), more: rows.length > GLOBAL_SEARCH_LIMIT };
}

function personHit(row: PersonSearchRow): GlobalSearchPersonHit {
  const idNumberMasked = maskSaIdNumber(row.idNumber);
  return {
    id: row.personId,
    benefitId: row.benefitId,
    idNumberMasked,
    label: `${row.firstName} ${row.lastName}`,
    description: `ID ${idNumberMasked} · Member ${row.memberNumber} · ${row.fundName}`,
  };
}

function claimHit(row: ClaimSearchRow): GlobalSearchHit {
  return {
    id: row.id,
    label: `Claim ${row.id}`,
    description: `${row.firstName} ${row.lastName} · ${row.fundName} · ${CLAIM_STATUS_LABELS[row.status]}`,
  };
}

function invoiceHit(row: InvoiceSearchRow): GlobalSearchHit {
  return { id: row.id, label: row.number, description: `${INVOICE_KIND_WORDS[row.kind]} · ${row.fundName}` };
}

function uploadHit(row: UploadSearchRow): GlobalSearchHit {
  return {
    id: row.id,
    label: maskIdNumbers(row.fileName),
    description: `${FILE_UPLOAD_TYPE_LABELS[row.kind].label} · ${row.fundName}`,
  };
}

/**
 * The people a term finds. A search by ID number is a look-up of a member's personal data and is
 * audited (`persons.searched`: the number masked, how many were found, the person when one was).
 */
async function searchPersons(db: Database, term: SearchTerm, context: AuditContext): Promise<PersonSearchRow[]> {
  const limit = GLOBAL_SEARCH_LIMIT + 1;
  if (term.idNumber) {
    const found = await findPersonsByIdNumber(db, term.idNumber);
    await recordAudit(db, {
      ...context,
      action: 'persons.searched',
      entityType: 'persons',
      entityId: found[0]?.personId ?? null,
      after: { idNumber: term.idNumber, found: found.length },
    });
    return found;
  }
  if (term.memberNumber) return findPersonsByMemberNumber(db, term.memberNumber, limit);
  if (term.surname) return findPersonsBySurname(db, term.surname, limit);
  return [];
}

/**
 * `GET /api/v1/search?q=` (issue 38 item 2): what `q` finds among persons (ID number, member
 * number, surname prefix), claims (number), invoices (number) and uploads (file name), at most
 * `GLOBAL_SEARCH_LIMIT` of each kind with whether there are more; a kind the caller's permissions
 * do not allow (`KIND_PERMISSIONS`) is null and not searched. ID numbers are masked; a search by
 * ID number is audited; the term comes back as searched, an ID number in it masked.
 * @param q the term, trimmed, 1 to 100 characters (the contract's `GlobalSearchQuery`)
 */
export async function globalSearch(
  db: Database,
  access: StaffAccess,
  q: string,
  context: AuditContext,
): Promise<GlobalSearchResponse> {
  const may = (kind: keyof typeof KIND_PERMISSIONS) =>
    KIND_PERMISSIONS[kind].every((permission) => hasPermission(access, permission));
  const term = readSearchTerm(q);
  const limit = GLOBAL_SEARCH_LIMIT + 1;
  return {
    q: maskIdNumbers(q),
    persons: may('persons') ? group(await searchPersons(db, term, context), personHit) : null,
    claims: may('claims') ? group(term.claimId ? await findClaimById(db, term.claimId) : [], claimHit) : null,
    invoices: may('invoices') ? group(await findInvoicesByNumber(db, term.invoice, limit), invoiceHit) : null,
    uploads: may('uploads')
      ? group(term.fileName ? await findUploadsByFileName(db, term.fileName, limit) : [], uploadHit)
      : null,
  };
}
