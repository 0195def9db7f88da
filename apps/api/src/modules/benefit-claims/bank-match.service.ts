import {
  BANK_MATCH_CHECKS,
  BANK_MATCH_MESSAGES,
  type BankMatchCheck,
  type BankMatchResponse,
  CLAIM_MESSAGES,
} from '@bcp/contract';
import type { RiskConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import type { BankVerificationProvider } from '../../platform/bank-verification/bank-verification.js';
import { AppError } from '../../platform/errors/app-error.js';
import { benefitHolder } from '../../queries/benefit-holder.js';
import { findCurrentClaim } from '../../queries/current-claims.js';
import { findAccountForVerification } from '../person-banks/index.js';
import { type ClaimRow, setClaimColumns } from './benefit-claims.repository.js';
import { evaluateClaimRisk } from './risk-signals.service.js';

/** What is kept on the claim (`benefit_claims.bank_match`). */
interface StoredBankMatch {
  provider: string;
  reference: string;
  bankAccountId: number;
  accountNumberMasked: string;
  checkedAt: string;
  checks: Record<BankMatchCheck, boolean | null>;
}

/** What a bank match needs: the database, the server's secret (account numbers), the provider, the risk thresholds. */
export interface BankMatchDependencies {
  db: Database;
  secret: string;
  provider: BankVerificationProvider;
  /** The claim's risk signals are evaluated again with the new result (issue 36 item 3). */
  risk: RiskConfig;
}

/** Initials of the first names, upper case: "Thandi Grace" -> "TG". */
export function initialsOf(firstNames: string): string {
  return firstNames
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((name) => name[0]?.toUpperCase() ?? '')
    .join('');
}

/** The claim's kept match as the review shows it; null when none, or it was of another account. */
export function toBankMatchResponse(claim: ClaimRow): BankMatchResponse | null {
  const stored = claim.bankMatch as StoredBankMatch | null;
  if (!stored || !claim.bankMatchStatus || stored.bankAccountId !== claim.bankAccountId) return null;
  return {
    claimId: claim.id,
    status: claim.bankMatchStatus,
    provider: stored.provider,
    reference: stored.reference,
    bankAccountId: stored.bankAccountId,
    accountNumberMasked: stored.accountNumberMasked,
    checkedAt: stored.checkedAt,
    checks: stored.checks,
    failures: BANK_MATCH_CHECKS.filter((check) => stored.checks[check] !== true).map(
      (check) => BANK_MATCH_MESSAGES[check],
    ),
    override:
      claim.bankMatchOverrideReason && claim.bankMatchOverriddenAt
        ? {
            reason: claim.bankMatchOverrideReason,
            byUserId: claim.bankMatchOverriddenByUserId,
            at: claim.bankMatchOverriddenAt.toISOString(),
          }
        : null,
  };
}

/**
 * `GET /api/v1/benefits/{id}/bank/match` (issue 18): verifies the account of the benefit's current
 * claim against the person with the bank verification provider (AVS: exists, open, ID number,
 * initials, surname, accepts credits, open 3 months), keeps the result on the claim (a new result
 * clears an earlier override) and audits it (`claims.bank-matched`, outcome only). A result kept
 * for the claim's current account is answered again without asking the provider, unless `refresh`.
 * @throws AppError `not_found` (404): no benefit or claim; `conflict` (409): the claim has no bank
 *   account; `unavailable` (503): the provider cannot answer
 */
export async function matchClaimBankAccount(
  deps: BankMatchDependencies,
  benefitId: number,
  options: { refresh?: boolean | undefined },
  context: AuditContext,
): Promise<BankMatchResponse> {
  const { db } = deps;
  const benefit = await benefitHolder(db, benefitId);
  if (!benefit)
    throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound, undefined, { code: 'benefit_not_found' });
  const claim = await findCurrentClaim(db, benefitId);
  if (!claim) throw new AppError('not_found', CLAIM_MESSAGES.claimNotFound, undefined, { code: 'claim_not_found' });
  const kept = toBankMatchResponse(claim);
  if (kept && !options.refresh) return kept;
  if (claim.bankAccountId === null) throw new AppError('conflict', BANK_MATCH_MESSAGES.noBankAccount);
  const account = await findAccountForVerification(deps, claim.bankAccountId);
  if (!account) throw new AppError('conflict', BANK_MATCH_MESSAGES.noBankAccount);
  const result = await deps.provider.verify({
    branchCode: account.branchCode,
    accountNumber: account.accountNumber,
    accountType: account.accountType,
    idNumber: benefit.idNumber,
    initials: initialsOf(benefit.firstName),
    surname: benefit.lastName,
  });
  const stored: StoredBankMatch = {
    provider: deps.provider.name,
    reference: result.reference,
    bankAccountId: claim.bankAccountId,
    accountNumberMasked: account.accountNumberMasked,
    checkedAt: new Date().toISOString(),
    checks: result.checks,
  };
  const status = BANK_MATCH_CHECKS.every((check) => result.checks[check] === true) ? 'passed' : 'failed';
  const updated = await db.transaction(async (tx) => {
    const row = await setClaimColumns(tx as unknown as Database, claim.id, {
      bankMatch: stored,
      bankMatchStatus: status,
      bankMatchOverrideReason: null,
      bankMatchOverriddenByUserId: null,
      bankMatchOverriddenAt: null,
      updatedAt: new Date(),
    });
    await recordAudit(tx, {
      ...context,
      action: 'claims.bank-matched',
      entityType: 'claims',
      entityId: claim.id,
      after: { status, provider: stored.provider, reference: stored.reference, checks: stored.checks },
    });
    return row as ClaimRow;
  });
  // A name the bank did not match is a risk signal (issue 36 item 3).
  await evaluateClaimRisk({ db, secret: deps.secret, risk: deps.risk }, claim.id);
  return toBankMatchResponse(updated) as BankMatchResponse;
}
