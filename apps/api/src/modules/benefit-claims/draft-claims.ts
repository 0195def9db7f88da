import { CLAIM_MESSAGES, ENRICHMENT_MESSAGES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import { benefitInDependantsProcess } from '../../queries/benefit-dependants-process.js';
import { type ClaimRow, findOpenClaim, insertClaimEvent, insertDraftClaim } from './benefit-claims.repository.js';
import type { ClaimActor } from './claim-moves.service.js';

/**
 * The benefit's open claim, or a new draft for the member started by `actor` (the member, or staff
 * lodging it for them, with `note` in the timeline). Safe under races: the one-open-claim index
 * lets one insert win and the others read it.
 * @returns the claim and whether this call created it
 * @throws AppError `conflict` (409) when the benefit is paid, or flagged for the dependants' process (s37C)
 */
export async function startDraftClaim(
  db: Database,
  benefit: { id: number; fundId: number; status: string },
  personUserId: number,
  actor: ClaimActor,
  note: string | null,
  now: Date = new Date(),
): Promise<{ claim: ClaimRow; created: boolean }> {
  const open = await findOpenClaim(db, benefit.id);
  if (open) return { claim: open, created: false };
  if (benefit.status === 'paid')
    throw new AppError('conflict', CLAIM_MESSAGES.notClaimable, undefined, { code: 'benefit_not_claimable' });
  // A deceased member's benefit goes to the fund's dependants' process (issue 17, s37C).
  if (await benefitInDependantsProcess(db, benefit.id))
    throw new AppError('conflict', ENRICHMENT_MESSAGES.dependantsProcess, undefined, {
      code: 'benefit_dependants_process',
    });
  const created = await insertDraftClaim(db, benefit, personUserId, now);
  if (created) {
    await insertClaimEvent(db, {
      claimId: created.id,
      fromStatus: null,
      toStatus: 'draft',
      actorType: actor.type,
      actorId: actor.id,
      note,
      createdAt: now,
    });
    return { claim: created, created: true };
  }
  const winner = await findOpenClaim(db, benefit.id);
  if (!winner)
    throw new AppError('conflict', CLAIM_MESSAGES.notClaimable, undefined, { code: 'benefit_not_claimable' });
  return { claim: winner, created: false };
}
