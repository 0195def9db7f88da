import type {
  BankListResponse,
  ClaimDocumentKind,
  ClaimDraftRequest,
  ClaimResponse,
  ClaimSubmitRequest,
  OtpSentResponse,
  PersonBankDetailResponse,
  PersonBankListResponse,
  PersonBankRequest,
  PersonBankResponse,
} from '@bcp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unwrap } from '../../../lib/query';

export const claimKeys = {
  claim: (benefitId: number) => ['claims', benefitId] as const,
  banks: () => ['banks'] as const,
  personBanks: () => ['person-banks'] as const,
};

/** `GET benefit-claims/{id}` ({id}: the benefit): the claim with steps and timeline. */
export function getClaim(benefitId: number) {
  return api.get<ClaimResponse>(`app/benefit-claims/${benefitId}`);
}

/** The benefit's claim as a query (404 when none yet). */
export function useClaim(benefitId: number | undefined) {
  return useQuery({
    queryKey: claimKeys.claim(benefitId ?? 0),
    queryFn: () => unwrap(getClaim(benefitId as number)),
    enabled: benefitId !== undefined,
  });
}

/** `POST benefit-claims/{id}` (spec 7): starts the draft or records steps done. */
export function saveClaimDraft(benefitId: number, body: ClaimDraftRequest) {
  return api.post<ClaimResponse>(`app/benefit-claims/${benefitId}`, { json: body });
}

/** `POST benefit-claims/{id}/claim` (spec 7): submits; the key makes a retry safe. */
export function submitClaim(benefitId: number, body: ClaimSubmitRequest, idempotencyKey: string) {
  return api.post<ClaimResponse>(`app/benefit-claims/${benefitId}/claim`, {
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Uploads a document for the draft claim, reporting progress (0 to 1). */
export function uploadClaimDocument(
  benefitId: number,
  kind: ClaimDocumentKind,
  file: File,
  onProgress: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<ClaimResponse>(`app/benefit-claims/${benefitId}/documents`, form, { query: { kind }, onProgress });
}

/** Removes a document from the draft claim. */
export function removeClaimDocument(benefitId: number, documentId: number) {
  return api.delete<ClaimResponse>(`app/benefit-claims/${benefitId}/documents/${documentId}`);
}

/** `GET banks`: South African banks with universal branch codes. */
export function useBanks() {
  return useQuery({
    queryKey: claimKeys.banks(),
    queryFn: () => unwrap(api.get<BankListResponse>('app/banks')),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET benefit-claims/person-banks` (spec 7): the member's accounts, numbers masked. */
export function usePersonBanks() {
  return useQuery({
    queryKey: claimKeys.personBanks(),
    queryFn: () => unwrap(api.get<PersonBankListResponse>('app/benefit-claims/person-banks')),
  });
}

/** Adds a bank account. */
export function createPersonBank(body: PersonBankRequest) {
  return api.post<PersonBankResponse>('app/benefit-claims/person-banks', { json: body });
}

/** One account with its full number, for its owner's edit form. */
export function getPersonBankForEdit(accountId: number) {
  return api.get<PersonBankDetailResponse>(`app/benefit-claims/person-banks/${accountId}`);
}

/** Edits an account (`otp` needed when a submitted claim pays into it). */
export function updatePersonBank(accountId: number, body: PersonBankRequest) {
  return api.put<PersonBankResponse>(`app/benefit-claims/person-banks/${accountId}`, { json: body });
}

/** Sends the PIN that confirms changing an account a submitted claim uses. */
export function sendPersonBankChangeOtp(accountId: number) {
  return api.post<OtpSentResponse>(`app/benefit-claims/person-banks/${accountId}/otp`);
}

/**
 * The benefit statement of the member's benefit `benefitId` as a PDF (issue 18:
 * `GET app/benefit-claims/{id}/statement`): a Blob, or the call's error value.
 */
export function getBenefitStatement(benefitId: number) {
  return api.get<Blob>(`app/benefit-claims/${benefitId}/statement`, { as: 'blob' });
}

/**
 * `POST benefit-claims/{id}/information`: the member's written answer to a request for a correction
 * (issue 21 item 1); the claim goes back to review. A requested document is uploaded instead.
 */
export function answerInformationRequest(benefitId: number, answer: string) {
  return api.post<ClaimResponse>(`app/benefit-claims/${benefitId}/information`, { json: { answer } });
}
