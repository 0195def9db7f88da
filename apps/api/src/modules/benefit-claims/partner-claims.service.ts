import type {
  AdminClaimListResponse,
  PartnerApprovalRequest,
  PartnerClaimDetailsResponse,
  PartnerClaimListRequest,
  PartnerInformationRequestRequest,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { decryptField } from '../../platform/crypto/field-encryption.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { StoredDownload } from '../../platform/files/file-stores.js';
import { claimReadBy, fundIdsReadBy, partnerClaimMember, payeeAccountWithBank } from '../../queries/partner-claims.js';
import type { PartnerIdentity } from '../partners/index.js';
import { listClaimsForStaff } from './admin-claims.service.js';
import { describeClaim } from './benefit-claims.service.js';
import { decideClaim } from './claim-decisions.service.js';
import { type ClaimDocumentDependencies, openClaimDocumentForStaff } from './claim-documents.service.js';
import { requestClaimInformation } from './claim-information.service.js';
import type { ClaimDependencies } from './claim-moves.service.js';

/** Not found and not the partner's are the same answer: ids reveal nothing. */
const NOT_FOUND = 'Claim not found.';

/** The claim if a fund whose claims this partner reads (`readsClaimsOfFund`) holds its benefit, else 404. */
async function partnersClaim(db: Database, partner: PartnerIdentity, claimId: number) {
  const claim = await claimReadBy(db, partner.partnerId, claimId);
  if (!claim || claim.status === 'draft') {
    throw new AppError('not_found', NOT_FOUND);
  }
  return claim;
}

/**
 * `POST /api/v2/benefitclaim/getlist` (issue 9): submitted and later claims of the funds the
 * partner administers, newest first, by status and submission date, cursor pages.
 */
export async function listPartnerClaims(
  db: Database,
  partner: PartnerIdentity,
  request: PartnerClaimListRequest,
): Promise<AdminClaimListResponse> {
  const fundIds = await fundIdsReadBy(db, partner.partnerId);
  if (fundIds.length === 0) return { items: [], pageSize: request.pageSize, nextCursor: null };
  return listClaimsForStaff(
    db,
    {
      page: 1,
      pageSize: request.pageSize,
      sort: [{ field: 'id', direction: 'desc' }],
      filter: { status: request.status, submittedFrom: request.submittedFrom, submittedTo: request.submittedTo },
      cursor: request.cursor,
    },
    { fundIds },
  );
}

/**
 * `POST /api/v2/benefitclaim/getdetails`: what the administrator needs to pay, including the full
 * bank account number (the reason this call exists); every read is audited.
 * @throws AppError 404 for a claim that is not of the partner's funds
 */
export async function getPartnerClaimDetails(
  db: Database,
  secret: string,
  partner: PartnerIdentity,
  claimId: number,
  context: AuditContext,
): Promise<PartnerClaimDetailsResponse> {
  const claim = await partnersClaim(db, partner, claimId);
  const row = await partnerClaimMember(db, claim.benefitId, claim.personUserId);
  if (!row) throw new AppError('not_found', NOT_FOUND);
  const account = claim.bankAccountId ? await payeeAccountWithBank(db, claim.bankAccountId) : undefined;
  const { documents, payout, events } = await describeClaim(db, claim, row.benefit);
  await recordAudit(db, { ...context, action: 'claims.viewed', entityType: 'claims', entityId: claim.id });
  return {
    claimId: claim.id,
    status: claim.status,
    submittedAt: claim.submittedAt?.toISOString() ?? null,
    member: {
      firstName: row.person.firstName,
      lastName: row.person.lastName,
      idNumber: row.person.idNumber,
      dateOfBirth: row.person.dateOfBirth,
      identityVerified: row.identityVerified,
    },
    benefit: {
      id: row.benefit.id,
      fundId: row.benefit.fundId,
      memberNumber: row.benefit.memberNumber,
      benefitType: row.benefit.benefitType,
      amountCents: row.benefit.amountCents,
    },
    bankAccount: account
      ? {
          bankName: account.bank.name,
          universalBranchCode: account.bank.universalBranchCode,
          accountType: account.account.accountType,
          accountNumber: decryptField(secret, account.account.accountNumberEncrypted),
          holderName: account.account.holderName,
        }
      : null,
    documents,
    payout,
    rejectionReason: claim.rejectionReason,
    paymentReference: claim.paymentReference,
    events,
  };
}

/**
 * `POST /api/v2/benefitclaim/getdocument` (issue 39 item 4): one of the claim's documents for the
 * fund administrator deciding on it, by the same service as staff's download
 * (`openClaimDocumentForStaff`): the stored type and size, every read audited
 * (`claims.document_viewed` with the document's id and kind, the partner as actor). Saved as
 * `document-<documentId>`, as for staff.
 * @returns the stored file for `sendStoredFile`
 * @throws AppError 404 for a claim not of the partner's funds (or a draft: as if it did not exist),
 *   or a document not on the claim (or replaced, or removed)
 */
export async function openPartnerClaimDocument(
  deps: ClaimDocumentDependencies,
  partner: PartnerIdentity,
  request: { claimId: number; documentId: number },
  context: AuditContext,
): Promise<StoredDownload> {
  const claim = await partnersClaim(deps.db, partner, request.claimId);
  const file = await openClaimDocumentForStaff(deps, claim.id, request.documentId, context);
  return { ...file, fileName: `document-${request.documentId}` };
}

/**
 * `POST /api/v2/benefitclaim/approvalresponse`: the administrator approves, rejects (with the
 * reason) or marks paid (with the payment reference). Idempotent: the same answer again changes
 * nothing; a move the claim's state does not allow is 409. The member is told with the move.
 * @returns the claim's status after the answer and whether this call changed it
 * @throws AppError 404 (not the partner's), 409 (not allowed), 422 (reason or reference missing)
 */
export async function answerClaimApproval(
  deps: ClaimDependencies,
  partner: PartnerIdentity,
  request: PartnerApprovalRequest,
  context: AuditContext,
): Promise<{ claimId: number; status: string; changed: boolean }> {
  await partnersClaim(deps.db, partner, request.claimId);
  const { claimId, decision, ...details } = request;
  const { claim, moved } = await decideClaim(
    deps,
    claimId,
    decision,
    details,
    { type: 'partner', id: partner.partnerId },
    context,
  );
  return { claimId: claim.id, status: claim.status, changed: moved };
}

/**
 * `POST /api/v2/benefitclaim/requestinformation` (issue 21 item 1): the administrator asks the
 * member for a document or a correction (`requestClaimInformation`); audited, the member told.
 * @returns the claim's status after the request (`changed` is always true: a repeat is 409)
 * @throws AppError 404 (not the partner's), 409 (not submitted or in review), 422 (bad request)
 */
export async function requestPartnerClaimInformation(
  deps: ClaimDependencies,
  partner: PartnerIdentity,
  request: PartnerInformationRequestRequest,
  context: AuditContext,
): Promise<{ claimId: number; status: 'information_requested'; changed: true }> {
  await partnersClaim(deps.db, partner, request.claimId);
  const { claimId, ...input } = request;
  await requestClaimInformation(deps, claimId, input, { type: 'partner', id: partner.partnerId }, context);
  return { claimId, status: 'information_requested', changed: true };
}
