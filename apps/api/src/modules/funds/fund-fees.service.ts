import {
  type CreateFeeRequest,
  calculatePayout,
  FEE_MESSAGES,
  type FeeResponse,
  type FeeRule,
  feeProblems,
  isFeeInEffect,
  type Payout,
  payoutDate,
  type UpdateFeeRequest,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  deleteFeeRow,
  type FeeRecord,
  insertFee,
  overlappingFeeExists,
  selectFeeRow,
  selectFundFeeRows,
  selectFundFeeRules,
  updateFeeRow,
} from './fund-fees.repository.js';
import { findFund } from './funds.service.js';

/**
 * Every fee of a fund with its dates, in the order they apply (oldest first): what
 * `calculatePayout` takes. Which apply is decided by `calculatePayout` for the day it is given
 * (issue 8: fees in effect on that day). A fund without fees pays out in full (issue 4).
 */
export async function listFundFeeRules(db: Database, fundId: number): Promise<FeeRule[]> {
  return selectFundFeeRules(db, fundId);
}

/**
 * The payout of `grossAmountCents` (cents) from a fund on a day: the fund's fees in effect on
 * `on` (a moment, read as a South African date; default now), each with VAT, and the net, through
 * the one function `calculatePayout`. Used by the member's fee screen, claim submission, and later
 * invoices and statements.
 */
export async function calculateFundPayout(
  db: Database,
  fundId: number,
  grossAmountCents: number,
  on: Date = new Date(),
): Promise<Payout> {
  return calculatePayout(grossAmountCents, await listFundFeeRules(db, fundId), on);
}

function toResponse(row: FeeRecord, today: string): FeeResponse {
  return {
    id: row.id,
    fundId: row.fundId,
    name: row.name,
    kind: row.kind,
    basisPoints: row.basisPoints,
    amountCents: row.amountCents,
    vatApplies: row.vatApplies,
    vatInclusive: row.vatInclusive,
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
    inEffect: isFeeInEffect(row, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditFields(fee: FeeResponse): Record<string, unknown> {
  const { id: _id, createdAt: _c, updatedAt: _u, inEffect: _e, ...fields } = fee;
  return fields;
}

/**
 * A fund's fees (spec 7 `GET funds/{id}/fees`), oldest first, each marked whether it applies today.
 * @throws AppError `not_found` (404) unknown fund
 */
export async function listFundFees(db: Database, fundId: number): Promise<FeeResponse[]> {
  await findFund(db, fundId);
  const rows = await selectFundFeeRows(db, fundId);
  const today = payoutDate(new Date());
  return rows.map((row) => toResponse(row, today));
}

async function findFee(db: Database, feeId: number): Promise<FeeRecord> {
  const row = await selectFeeRow(db, feeId);
  if (!row) throw new AppError('not_found', FEE_MESSAGES.notFound);
  return row;
}

/**
 * 422 when another fee of the fund with the same name (any case) applies on any day of this one's
 * dates (open ends reach forever): the same fee twice would be charged twice.
 */
async function assertNoOverlap(
  db: Database,
  fee: { fundId: number; name: string; effectiveFrom: string | null; effectiveTo: string | null },
  exceptId?: number,
): Promise<void> {
  if (await overlappingFeeExists(db, fee, exceptId)) {
    throw new AppError('validation', FEE_MESSAGES.overlap(fee.name), {
      effectiveFrom: [FEE_MESSAGES.overlap(fee.name)],
    });
  }
}

/**
 * Adds a fee to a fund (spec 7 `POST funds/{id}/fees`): percentage (basis points) or fixed
 * (cents), VAT on top unless `vatInclusive`, no VAT with `vatApplies: false`, between optional
 * dates. A member who reviewed the payout before the change is asked to review it again (409 at
 * submission). Audited `fees.created`.
 * @throws AppError `not_found` (404) unknown fund; `validation` (422) a same-named fee overlaps
 */
export async function createFundFee(
  db: Database,
  fundId: number,
  input: z.output<typeof CreateFeeRequest>,
  context: AuditContext,
): Promise<FeeResponse> {
  await findFund(db, fundId);
  const values = {
    fundId,
    name: input.name,
    kind: input.kind,
    basisPoints: input.basisPoints ?? null,
    amountCents: input.amountCents ?? null,
    vatApplies: input.vatApplies ?? true,
    vatInclusive: input.vatInclusive ?? false,
    effectiveFrom: input.effectiveFrom ?? null,
    effectiveTo: input.effectiveTo ?? null,
  };
  await assertNoOverlap(db, values);
  return db.transaction(async (tx) => {
    const row = await insertFee(tx, values);
    const response = toResponse(row, payoutDate(new Date()));
    await recordAudit(tx, {
      ...context,
      action: 'fees.created',
      entityType: 'fees',
      entityId: row.id,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Changes a fee (spec 7 `PATCH fees/{feeId}`): the fields given, checked together with the rest
 * (a percentage fee has basis points and no amount, and so on). Claims already submitted keep the
 * payout they accepted. Audited `fees.updated`.
 * @throws AppError `not_found` (404); `validation` (422) per field, or a same-named fee overlaps
 */
export async function updateFundFee(
  db: Database,
  feeId: number,
  input: z.output<typeof UpdateFeeRequest>,
  context: AuditContext,
): Promise<FeeResponse> {
  const fee = await findFee(db, feeId);
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const merged = { ...fee, ...given } as FeeRecord;
  // Changing the kind drops the other kind's figure unless both are given.
  if (input.kind === 'percentage' && input.amountCents === undefined) merged.amountCents = null;
  if (input.kind === 'fixed' && input.basisPoints === undefined) merged.basisPoints = null;
  if (input.vatApplies === false && input.vatInclusive === undefined) merged.vatInclusive = false;
  const problems = feeProblems(merged);
  if (Object.keys(problems).length > 0) throw new AppError('validation', VALIDATION_FAILED_MESSAGE, problems);
  await assertNoOverlap(db, merged, feeId);
  const today = payoutDate(new Date());
  const before = auditFields(toResponse(fee, today));
  return db.transaction(async (tx) => {
    const row = await updateFeeRow(tx, feeId, {
      name: merged.name,
      kind: merged.kind,
      basisPoints: merged.basisPoints,
      amountCents: merged.amountCents,
      vatApplies: merged.vatApplies,
      vatInclusive: merged.vatInclusive,
      effectiveFrom: merged.effectiveFrom,
      effectiveTo: merged.effectiveTo,
    });
    if (!row) throw new AppError('not_found', FEE_MESSAGES.notFound);
    const response = toResponse(row, today);
    await recordAudit(tx, {
      ...context,
      action: 'fees.updated',
      entityType: 'fees',
      entityId: feeId,
      before,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Deletes a fee (spec 7 `DELETE fees/{feeId}`); submitted claims keep the payout they accepted.
 * To stop a fee from a date while keeping its history, set `effectiveTo` instead. Audited
 * `fees.deleted` with its last state.
 * @throws AppError `not_found` (404)
 */
export async function deleteFundFee(db: Database, feeId: number, context: AuditContext): Promise<void> {
  const fee = await findFee(db, feeId);
  const before = auditFields(toResponse(fee, payoutDate(new Date())));
  await db.transaction(async (tx) => {
    await deleteFeeRow(tx, feeId);
    await recordAudit(tx, { ...context, action: 'fees.deleted', entityType: 'fees', entityId: feeId, before });
  });
}
