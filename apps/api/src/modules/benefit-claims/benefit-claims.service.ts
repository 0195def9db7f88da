import {
  BANK_ACCOUNT_MESSAGES,
  CLAIM_DOCUMENT_KINDS,
  CLAIM_MESSAGES,
  CLAIM_STEP_LABELS,
  type ClaimDraftRequest,
  type ClaimEventResponse,
  type ClaimResponse,
  type ClaimStepKey,
  type ClaimSubmitRequest,
  calculatePayout,
  claimStepStates,
  formatRand,
  type InformationAnswerRequest,
  type Payout,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import dayjs from 'dayjs';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findCurrentClaim } from '../../queries/current-claims.js';
import { findMemberBenefit, type MemberBenefit } from '../benefits/index.js';
import { listFundFeeRules } from '../funds/index.js';
import { findClaimBankAccount, findPersonBank } from '../person-banks/index.js';
import { requireIdentityVerified } from '../person-users/index.js';
import { createTask } from '../tasks/index.js';
import {
  type ClaimRow,
  findClaimById,
  findOpenClaim,
  listClaimEvents,
  updateDraftClaim,
} from './benefit-claims.repository.js';
import { activeDocuments } from './claim-documents.repository.js';
import { answerInformationRequest, openInformationRequest } from './claim-information.service.js';
import { type ClaimDependencies, moveClaim } from './claim-moves.service.js';
import { snapshotProcessSteps } from './claim-process-steps.service.js';
import { startDraftClaim } from './draft-claims.js';
import {
  approveByFastTrack,
  evaluateFastTrack,
  FAST_TRACK_AUDIT,
  type FastTrackDependencies,
} from './fast-track.service.js';
import { evaluateSubmittedClaimRisk, riskDependencies } from './risk-signals.service.js';

export { findOpenClaim } from './benefit-claims.repository.js';
export { startDraftClaim } from './draft-claims.js';

/** Days staff have to review a submitted claim (the review task's due date). */
const REVIEW_DAYS = 5;

const ACTOR_NAMES = { person_user: 'you', user: 'staff', partner: 'fund', system: 'system' } as const;

/** The payout of a benefit after its fund's fees in effect today (cents). */
export async function todaysPayout(
  db: Database,
  benefit: Pick<MemberBenefit, 'amountCents' | 'fundId'>,
): Promise<Payout> {
  return calculatePayout(benefit.amountCents, await listFundFeeRules(db, benefit.fundId));
}

/** Which steps are complete (issue 4 "Claim steps"); once submitted, all are. */
function stepsDone(claim: ClaimRow, documentKinds: Set<string>): Record<ClaimStepKey, boolean> {
  const submitted = claim.status !== 'draft';
  return {
    'personal-details': submitted || claim.personalDetailsConfirmedAt !== null,
    'bank-account': submitted || claim.bankAccountId !== null,
    documents: submitted || CLAIM_DOCUMENT_KINDS.every((kind) => documentKinds.has(kind)),
    fees: submitted || claim.feesAcceptedAt !== null,
    declaration: submitted || claim.declarationAcceptedAt !== null,
    submit: submitted,
  };
}

/**
 * What the member and staff both see of a claim: its documents (metadata only), masked bank
 * account, payout (today's for a draft, the accepted one once submitted) and timeline, oldest first.
 */
export async function describeClaim(
  db: Database,
  claim: ClaimRow,
  benefit: Pick<MemberBenefit, 'amountCents' | 'fundId'>,
): Promise<Pick<ClaimResponse, 'documents' | 'bankAccount' | 'payout' | 'events'> & { documentKinds: Set<string> }> {
  const documents = await activeDocuments(db, claim.id);
  const events = await listClaimEvents(db, claim.id);
  return {
    documentKinds: new Set(documents.map((document) => document.kind)),
    bankAccount: claim.bankAccountId ? await findClaimBankAccount(db, claim.bankAccountId) : null,
    documents: documents.map((document) => ({
      id: document.id,
      kind: document.kind,
      originalName: document.originalName,
      contentType: document.contentType,
      sizeBytes: document.sizeBytes,
      state: document.state,
      rejectionReason: document.rejectionReason,
      whatToDo: document.whatToDo,
      createdAt: document.createdAt.toISOString(),
    })),
    payout: claim.status === 'draft' || !claim.payout ? await todaysPayout(db, benefit) : (claim.payout as Payout),
    events: events.map(
      (event): ClaimEventResponse => ({
        id: event.id,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        actor: ACTOR_NAMES[event.actorType],
        note: event.note,
        createdAt: event.createdAt.toISOString(),
      }),
    ),
  };
}

/** Maps a claim row to what the member sees: steps, masked bank account, documents, payout, timeline. */
async function toClaimResponse(db: Database, claim: ClaimRow, benefit: MemberBenefit): Promise<ClaimResponse> {
  const { documentKinds, ...details } = await describeClaim(db, claim, benefit);
  const done = stepsDone(claim, documentKinds);
  return {
    id: claim.id,
    benefitId: claim.benefitId,
    status: claim.status,
    steps: claimStepStates(done).map((step) => ({ ...step, label: CLAIM_STEP_LABELS[step.key] })),
    personalDetailsConfirmedAt: claim.personalDetailsConfirmedAt?.toISOString() ?? null,
    feesAcceptedAt: claim.feesAcceptedAt?.toISOString() ?? null,
    declarationAcceptedAt: claim.declarationAcceptedAt?.toISOString() ?? null,
    submittedAt: claim.submittedAt?.toISOString() ?? null,
    rejectionReason: claim.rejectionReason,
    informationRequest: await openInformationRequest(db, claim),
    ...details,
  };
}

/** The member's benefit after the identity gate (403) and the ownership check (404). */
async function memberBenefitForClaim(db: Database, personUserId: number, benefitId: number): Promise<MemberBenefit> {
  await requireIdentityVerified(db, personUserId);
  return findMemberBenefit(db, personUserId, benefitId);
}

/**
 * `GET benefit-claims/{id}` ({id}: the benefit): the benefit's claim with its timeline.
 * @throws AppError 403 before the identity check; 404 for another member's benefit or no claim yet
 */
export async function getBenefitClaim(db: Database, personUserId: number, benefitId: number): Promise<ClaimResponse> {
  const benefit = await memberBenefitForClaim(db, personUserId, benefitId);
  const claim = await findCurrentClaim(db, benefit.id);
  if (!claim) throw new AppError('not_found', CLAIM_MESSAGES.claimNotFound, undefined, { code: 'claim_not_found' });
  return toClaimResponse(db, claim, benefit);
}

const at = (flag: boolean | undefined, now: Date) => (flag === undefined ? undefined : flag ? now : null);

/**
 * `POST benefit-claims/{id}` ({id}: the benefit): starts the claim's draft, or records the steps
 * the member completed (issue 4 item 7). Starting is safe under races: the one-open-claim index
 * lets one insert win and the others read it.
 * @throws AppError 403 before the identity check; 404 for another member's benefit; 409 when the
 *   benefit is paid or its claim was submitted (and the request changes something); 422
 *   `bankAccountId` for an account that is not the member's
 */
export async function saveClaimDraft(
  db: Database,
  personUserId: number,
  benefitId: number,
  input: ClaimDraftRequest,
  now: Date = new Date(),
): Promise<ClaimResponse> {
  const benefit = await memberBenefitForClaim(db, personUserId, benefitId);
  const { claim } = await startDraftClaim(
    db,
    benefit,
    personUserId,
    { type: 'person_user', id: personUserId },
    null,
    now,
  );
  const changes = {
    personalDetailsConfirmedAt: at(input.personalDetailsConfirmed, now),
    feesAcceptedAt: at(input.feesAccepted, now),
    declarationAcceptedAt: at(input.declarationAccepted, now),
    bankAccountId: input.bankAccountId,
  };
  const changing = Object.values(changes).some((value) => value !== undefined);
  if (!changing) return toClaimResponse(db, claim, benefit);
  if (claim.status !== 'draft')
    throw new AppError('conflict', CLAIM_MESSAGES.notEditable, undefined, { code: 'claim_not_editable' });
  if (typeof input.bankAccountId === 'number') {
    await findPersonBank(db, personUserId, input.bankAccountId).catch(() => {
      throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { bankAccountId: [BANK_ACCOUNT_MESSAGES.notFound] });
    });
  }
  const updated = await updateDraftClaim(db, claim.id, changes);
  if (!updated) throw new AppError('conflict', CLAIM_MESSAGES.notEditable, undefined, { code: 'claim_not_editable' });
  return toClaimResponse(db, updated, benefit);
}

/**
 * `POST benefit-claims/{id}/claim`: submits the draft (draft -> submitted), keeping the payout the
 * member accepted. Every step must be done; `netAmountCents` must equal today's payout.
 *
 * Issue 21 item 2 (decision 034): where the fund has a fast track, the rule is evaluated first
 * (`evaluateFastTrack`, which may run the bank match) and kept on the claim and in the audit trail
 * (`claims.fast_track_evaluated`) with the submission. A claim the rule approves gets no staff
 * review task and is then approved by the system through `decideClaim`, the path of a staff
 * approval: the same audit, member notice and partner announcements. The claim's fraud and risk
 * signals (issue 36 item 3) are kept with the submission; a flag keeps a claim off the fast track.
 * @throws AppError 403 before the identity check; 404 for another member's benefit or no draft;
 *   409 when already submitted or the payout changed; 422 with the steps still to do
 */
export async function submitClaim(
  deps: ClaimDependencies & FastTrackDependencies,
  personUserId: number,
  benefitId: number,
  input: ClaimSubmitRequest,
  now: Date = new Date(),
): Promise<ClaimResponse> {
  const { db } = deps;
  const benefit = await memberBenefitForClaim(db, personUserId, benefitId);
  const claim = await findOpenClaim(db, benefit.id);
  if (!claim) throw new AppError('not_found', CLAIM_MESSAGES.claimNotFound, undefined, { code: 'claim_not_found' });
  if (claim.status !== 'draft')
    throw new AppError('conflict', CLAIM_MESSAGES.alreadySubmitted, undefined, { code: 'claim_already_submitted' });

  const documents = await activeDocuments(db, claim.id);
  const done = stepsDone({ ...claim, declarationAcceptedAt: now }, new Set(documents.map((document) => document.kind)));
  const missing = (Object.keys(done) as ClaimStepKey[]).filter((key) => key !== 'submit' && !done[key]);
  if (missing.length > 0) {
    throw new AppError(
      'validation',
      CLAIM_MESSAGES.stepsMissing,
      {
        steps: missing.map((key) => `${CLAIM_STEP_LABELS[key]}: not done yet.`),
      },
      { code: 'claim_steps_missing' },
    );
  }
  const payout = await todaysPayout(db, benefit);
  if (payout.netAmountCents !== input.netAmountCents)
    throw new AppError('conflict', CLAIM_MESSAGES.payoutChanged, undefined, { code: 'payout_changed' });
  const fastTrack = await evaluateFastTrack(deps, claim, benefit, now);

  await moveClaim(
    deps,
    {
      claimId: claim.id,
      from: 'draft',
      to: 'submitted',
      actor: { type: 'person_user', id: personUserId },
      set: { payout, declarationAcceptedAt: now, fastTrack },
      // Issue 6: a submitted claim puts a review task in the staff work queue (not one the rule approves).
      // Issue 8: the claim keeps the fund's process steps of today, whatever changes later.
      alsoIn: async (tx) => {
        if (fastTrack?.outcome !== 'approved') {
          await createTask(tx, {
            title: `Review claim ${claim.id}`,
            description: `${benefit.fund.name}: ${benefit.benefitType} benefit, payout ${formatRand(payout.netAmountCents)}.`,
            entityType: 'claims',
            entityId: claim.id,
            dueDate: dayjs(now).add(REVIEW_DAYS, 'day').format('YYYY-MM-DD'),
          });
        }
        await snapshotProcessSteps(tx, { claimId: claim.id, fundId: benefit.fundId });
        // Issue 36 item 3: the claim's fraud and risk signals, kept with the submission.
        await evaluateSubmittedClaimRisk({ ...riskDependencies(deps), db: tx }, claim.id, now);
        if (fastTrack) {
          await recordAudit(tx, {
            ...FAST_TRACK_AUDIT,
            action: 'claims.fast_track_evaluated',
            entityType: 'claims',
            entityId: claim.id,
            after: {
              outcome: fastTrack.outcome,
              thresholdCents: fastTrack.thresholdCents,
              conditions: Object.fromEntries(
                fastTrack.conditions.map((condition) => [condition.key, condition.passed]),
              ),
            },
          });
        }
      },
    },
    now,
  );
  if (fastTrack?.outcome === 'approved') await approveByFastTrack(deps, claim.id);
  const submitted = await findClaimById(db, claim.id);
  if (!submitted) throw new Error('claim vanished');
  return toClaimResponse(db, submitted, benefit);
}

/**
 * `POST benefit-claims/{id}/information` ({id}: the benefit): the member answers a request for a
 * correction in words (issue 21 item 1); the claim goes back to review (`answerInformationRequest`).
 * @returns the claim after the answer
 * @throws AppError 403 before the identity check; 404 for another member's benefit or no claim;
 *   409 when nothing is asked; 422 `answer` when a document is asked (upload it instead)
 */
export async function answerClaimInformation(
  deps: ClaimDependencies,
  personUserId: number,
  benefitId: number,
  input: InformationAnswerRequest,
): Promise<ClaimResponse> {
  const benefit = await memberBenefitForClaim(deps.db, personUserId, benefitId);
  const claim = await findOpenClaim(deps.db, benefit.id);
  if (!claim) throw new AppError('not_found', CLAIM_MESSAGES.claimNotFound, undefined, { code: 'claim_not_found' });
  await answerInformationRequest(deps, personUserId, claim, input);
  return getBenefitClaim(deps.db, personUserId, benefitId);
}
