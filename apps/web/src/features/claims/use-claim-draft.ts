import type { ClaimDraftRequest, ClaimResponse } from '@bcp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../i18n/errors';
import type { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toasts';
import { claimKeys, saveClaimDraft } from './api/claims';

/**
 * Saves steps of a benefit's draft claim and puts the answer in the query cache, so every step
 * sees the new state. Failures show their message as a negative notice.
 * @returns `save(body)` resolving to the claim (or undefined on failure), `saving`, and `keep(claim)`
 *   to store a claim another call returned
 */
export function useClaimDraft(benefitId: number) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const keep = (claim: ClaimResponse) => queryClient.setQueryData(claimKeys.claim(benefitId), claim);
  async function save(body: ClaimDraftRequest): Promise<ClaimResponse | undefined> {
    setSaving(true);
    const result = await saveClaimDraft(benefitId, body);
    setSaving(false);
    if (result.error) {
      notify(result.error);
      return undefined;
    }
    keep(result.data);
    return result.data;
  }
  return { save, saving, keep };
}

/** Shows a failed call as a negative notice. */
export function notify(error: ApiError): void {
  showToast({ color: 'red', message: translateError(error) });
}
