import {
  CLAIM_DOCUMENT_LABELS,
  CLAIM_MESSAGES,
  CLAIM_STATUS_LABELS,
  type ClaimDocumentKind,
  maskSaIdNumber,
  payoutDate,
} from '@bcp/contract';
import type { InvoiceSupplierConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findCurrentClaim } from '../../queries/current-claims.js';
import { findStatementFacts } from '../../queries/statements.js';
import { describeClaim, todaysPayout } from '../benefit-claims/index.js';
import { findMemberBenefit } from '../benefits/index.js';
import { requireIdentityVerified } from '../person-users/index.js';
import { renderStatementPdf, type StatementContent } from './statement-pdf.js';

/** What a statement needs besides the database: who issues it (the configured company). */
export interface StatementDependencies {
  db: Database;
  issuer: InvoiceSupplierConfig;
}

/** How to complain (FAIS and the Pension Funds Act): our desk first, then the adjudicators. */
export function complaintParagraphs(issuer: InvoiceSupplierConfig): string[] {
  return [
    `Complain to ${issuer.name} first: write to ${issuer.address.join(', ')}, or reply to any of our messages. We answer within 6 weeks.`,
    'If your complaint is about the fund, its rules or its payment, and you are not satisfied with the answer, you may complain to the Pension Funds Adjudicator: www.pfa.org.za, enquiries@pfa.org.za, 012 346 1738.',
    'If it is about our service or advice, you may complain to the FAIS Ombud: www.faisombud.co.za, info@faisombud.co.za, 012 762 5000.',
  ];
}

const day = (value: Date | null) => (value ? payoutDate(value) : null);

/** Gathers a benefit's statement: fund and administrator, member (ID masked), payout, claim, documents. */
async function statementContent(deps: StatementDependencies, benefitId: number): Promise<StatementContent> {
  const row = await findStatementFacts(deps.db, benefitId);
  if (!row) throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound, undefined, { code: 'benefit_not_found' });
  const claim = await findCurrentClaim(deps.db, benefitId);
  const facts = { amountCents: row.benefit.amountCents, fundId: row.benefit.fundId };
  const details = claim ? await describeClaim(deps.db, claim, facts) : null;
  return {
    date: payoutDate(new Date()),
    issuer: { name: deps.issuer.name, address: deps.issuer.address },
    fund: {
      name: row.fundName,
      registrationNumber: row.registrationNumber,
      administrator: row.administrator ?? `${deps.issuer.name} (no administrator connected)`,
    },
    member: {
      name: `${row.firstName} ${row.lastName}`,
      idNumberMasked: maskSaIdNumber(row.idNumber),
      memberNumber: row.benefit.memberNumber,
    },
    benefit: { id: row.benefit.id, type: row.benefit.benefitType },
    payout: details?.payout ?? (await todaysPayout(deps.db, facts)),
    claim: claim
      ? {
          status: CLAIM_STATUS_LABELS[claim.status],
          submittedOn: day(claim.submittedAt),
          decidedOn: day(claim.decidedAt),
          paidOn: day(claim.paidAt),
          paymentReference: claim.paymentReference,
        }
      : null,
    documents: (details?.documents ?? []).map((document) => ({
      kind: CLAIM_DOCUMENT_LABELS[document.kind as ClaimDocumentKind] ?? document.kind,
      receivedOn: payoutDate(new Date(document.createdAt)),
    })),
    complaints: complaintParagraphs(deps.issuer),
  };
}

/**
 * `GET /api/v1/benefits/{id}/statement` (issue 18): the benefit statement as a PDF (pdfkit): fund
 * and FSCA number, administrator, member (ID masked), benefit type, gross amount, each fee with
 * VAT, net payout, claim status and dates, documents received, how to complain. Audited
 * (`benefits.statement-issued`).
 * @throws AppError `not_found` (404)
 */
export async function benefitStatementForStaff(
  deps: StatementDependencies,
  benefitId: number,
  context: AuditContext,
): Promise<Buffer> {
  const pdf = await renderStatementPdf(await statementContent(deps, benefitId));
  await recordAudit(deps.db, {
    ...context,
    action: 'benefits.statement-issued',
    entityType: 'benefits',
    entityId: benefitId,
  });
  return pdf;
}

/**
 * `GET /api/app/benefit-claims/{id}/statement` (issue 18): the same statement, for the member whose
 * benefit it is (identity check passed: 403 before; another member's benefit: 404).
 */
export async function benefitStatementForMember(
  deps: StatementDependencies,
  personUserId: number,
  benefitId: number,
): Promise<Buffer> {
  await requireIdentityVerified(deps.db, personUserId);
  const benefit = await findMemberBenefit(deps.db, personUserId, benefitId);
  return renderStatementPdf(await statementContent(deps, benefit.id));
}
