import {
  APPROVAL_MESSAGES,
  type CreateFundRequest,
  FAST_TRACK_MESSAGES,
  FUND_MESSAGES,
  type FundResponse,
  type ListQuery,
  type ListResponse,
  type UpdateFundRequest,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage } from '../../platform/lists/list-page.js';
import { findEligibleFundAdministrator, fundAdministratorNames } from '../../queries/fund-administrators.js';
import { countFundData } from '../../queries/fund-usage.js';
import { findActiveFundType, fundTypesByIds } from '../fund-types/index.js';
import { deleteFundProcessSteps } from '../process-steps/index.js';
import { deleteFundFeeRows } from './fund-fees.repository.js';
import { fundPartnerLinks } from './fund-partner-links.js';
import {
  deleteFundRow,
  type FundFilter,
  type FundRecord,
  type FundSort,
  type FundValues,
  fundChoiceRows,
  fundListQueries,
  insertFund,
  registrationNumberTaken,
  selectFundRow,
  updateFundRow,
} from './funds.repository.js';

export {
  activeFundIds,
  countFunds,
  type FundRecord,
  findFundIdByRegistrationNumber,
  findFundName,
  fundNamesByIds,
  fundSummaries,
  fundsAdministeredBy,
  listFundTags,
} from './funds.repository.js';

/** What `createFund` takes: name and FSCA registration number; the rest is optional (issue 8). */
export type CreateFundInput = Pick<z.output<typeof CreateFundRequest>, 'name' | 'registrationNumber'> &
  Partial<z.output<typeof CreateFundRequest>>;

/** An event or start-up (no staff user) creating a fund, e.g. the demo data. */
const SYSTEM: AuditContext = { actor: { type: 'system' } };

/** Maps rows to responses with their fund type, administrator and benefit count (two small queries). */
async function describeFunds(db: Database, rows: FundRecord[]): Promise<FundResponse[]> {
  const typeIds = [...new Set(rows.map((row) => row.fundTypeId).filter((id): id is number => id !== null))];
  const types = await fundTypesByIds(db, typeIds);
  const administrators = await fundAdministratorNames(
    db,
    rows.map((row) => row.administratorPartnerId),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    registrationNumber: row.registrationNumber,
    fundType: types.find((type) => type.id === row.fundTypeId) ?? null,
    administrator:
      row.administratorPartnerId === null
        ? null
        : { id: row.administratorPartnerId, name: administrators.get(row.administratorPartnerId) ?? '' },
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    tags: row.tags,
    status: row.status,
    // Kept by triggers on benefits (migration 0014): the list counts no benefits (issue 25).
    benefitCount: row.benefitCount,
    fastTrackThresholdCents: row.fastTrackThresholdCents,
    fastTrackDays: row.fastTrackDays,
    secondApprovalThresholdCents: row.secondApprovalThresholdCents,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function describeFund(db: Database, row: FundRecord): Promise<FundResponse> {
  return (await describeFunds(db, [row]))[0] as FundResponse;
}

/** The fields an audit row keeps of a fund. */
function auditFields(fund: FundResponse): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, benefitCount: _count, ...fields } = fund;
  return { ...fields, fundType: fund.fundType?.code ?? null, administrator: fund.administrator?.id ?? null };
}

/**
 * A fund row by id.
 * @throws AppError `not_found` (404)
 */
export async function findFund(db: Database, id: number): Promise<FundRecord> {
  const row = await selectFundRow(db, id);
  if (!row) throw new AppError('not_found', FUND_MESSAGES.notFound);
  return row;
}

/** 422 per field for a registration number in use, an unknown fund type or administrator. */
async function assertReferences(
  db: Database,
  input: Partial<z.output<typeof CreateFundRequest>>,
  exceptFundId?: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.registrationNumber !== undefined) {
    if (await registrationNumberTaken(db, input.registrationNumber, exceptFundId)) {
      errors.registrationNumber = [FUND_MESSAGES.registrationTaken];
    }
  }
  if (typeof input.fundTypeId === 'number' && !(await findActiveFundType(db, input.fundTypeId))) {
    errors.fundTypeId = [FUND_MESSAGES.unknownFundType];
  }
  if (
    typeof input.administratorPartnerId === 'number' &&
    !(await findEligibleFundAdministrator(db, input.administratorPartnerId))
  ) {
    errors.administratorPartnerId = [FUND_MESSAGES.unknownAdministrator];
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', VALIDATION_FAILED_MESSAGE, errors);
}

type ApprovalAmounts = 'fastTrackThresholdCents' | 'fastTrackDays' | 'secondApprovalThresholdCents';

/**
 * 422 on `fastTrackDays` for a fast track without its days (issue 21 item 2), and on
 * `secondApprovalThresholdCents` under the fast-track amount (issue 36 item 2: fast-tracked claims
 * stay below the second-approval amount by rule): the fields as they will be after the change
 * (`current`: the fund today, for a PATCH).
 */
function assertFastTrack(
  input: Partial<z.output<typeof CreateFundRequest>>,
  current?: Pick<FundRecord, ApprovalAmounts>,
): void {
  const pick = <K extends ApprovalAmounts>(key: K) =>
    input[key] === undefined ? (current?.[key] ?? null) : input[key];
  const threshold = pick('fastTrackThresholdCents');
  if (threshold === null) return;
  if (pick('fastTrackDays') === null) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { fastTrackDays: [FAST_TRACK_MESSAGES.daysRequired] });
  }
  const second = pick('secondApprovalThresholdCents');
  if (second !== null && second < threshold) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, {
      secondApprovalThresholdCents: [APPROVAL_MESSAGES.secondAtOrAboveFastTrack],
    });
  }
}

/** Given fields only (undefined: unchanged), tags de-duplicated. */
function fundValues(input: Partial<z.output<typeof CreateFundRequest>>): FundValues {
  const values: FundValues = {
    name: input.name,
    registrationNumber: input.registrationNumber,
    fundTypeId: input.fundTypeId,
    administratorPartnerId: input.administratorPartnerId,
    contactName: input.contactName === '' ? null : input.contactName,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    tags: input.tags ? [...new Set(input.tags)] : undefined,
    status: input.status,
    fastTrackThresholdCents: input.fastTrackThresholdCents,
    fastTrackDays: input.fastTrackDays,
    secondApprovalThresholdCents: input.secondApprovalThresholdCents,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/**
 * Creates a fund (spec 7 `POST funds`); its administrator partner then serves it (API keys reach
 * it). Audited `funds.created`; without `context` the actor is the system (demo data, tests).
 * @throws AppError `validation` (422) registration number in use, unknown fund type or administrator
 */
export async function createFund(
  db: Database,
  input: CreateFundInput,
  context: AuditContext = SYSTEM,
): Promise<FundResponse> {
  await assertReferences(db, input);
  assertFastTrack(input);
  return db.transaction(async (tx) => {
    const row = await insertFund(tx, {
      ...fundValues(input),
      name: input.name,
      registrationNumber: input.registrationNumber,
    });
    if (row.administratorPartnerId !== null) {
      await fundPartnerLinks().ensurePartnerServesFund(tx, row.administratorPartnerId, row.id);
    }
    const response = await describeFund(tx, row);
    await recordAudit(tx, {
      ...context,
      action: 'funds.created',
      entityType: 'funds',
      entityId: row.id,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Changes a fund (spec 7 `PATCH funds/{id}`): the fields given; null clears an optional one.
 * Archiving is `status: 'archived'`. Audited `funds.updated` with the changed fields.
 * @throws AppError `not_found` (404); `validation` (422) as createFund
 */
export async function updateFund(
  db: Database,
  id: number,
  input: Partial<z.output<typeof UpdateFundRequest>>,
  context: AuditContext,
): Promise<FundResponse> {
  const fund = await findFund(db, id);
  await assertReferences(db, input, id);
  assertFastTrack(input, fund);
  const before = auditFields(await describeFund(db, fund));
  return db.transaction(async (tx) => {
    const row = await updateFundRow(tx, id, fundValues(input));
    if (!row) throw new AppError('not_found', FUND_MESSAGES.notFound);
    if (row.administratorPartnerId !== null) {
      await fundPartnerLinks().ensurePartnerServesFund(tx, row.administratorPartnerId, row.id);
    }
    const response = await describeFund(tx, row);
    await recordAudit(tx, {
      ...context,
      action: 'funds.updated',
      entityType: 'funds',
      entityId: id,
      before,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Deletes a fund that has no benefits and no member files (spec 7 `DELETE funds/{id}`), with its
 * fees, process steps and partner links. A fund with data is refused: archive it instead.
 * Audited `funds.deleted` with its last state.
 * @throws AppError `not_found` (404); `conflict` (409) the fund has benefits or member files (or
 *   other records refer to it)
 */
export async function deleteFund(db: Database, id: number, context: AuditContext): Promise<void> {
  const fund = await findFund(db, id);
  const data = await countFundData(db, id);
  if (data > 0) throw new AppError('conflict', FUND_MESSAGES.hasBenefits(data));
  const before = auditFields(await describeFund(db, fund));
  try {
    await db.transaction(async (tx) => {
      await deleteFundFeeRows(tx, id);
      await deleteFundProcessSteps(tx, id);
      await fundPartnerLinks().unlinkFundFromPartners(tx, id);
      await deleteFundRow(tx, id);
      await recordAudit(tx, { ...context, action: 'funds.deleted', entityType: 'funds', entityId: id, before });
    });
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23503') throw new AppError('conflict', FUND_MESSAGES.hasBenefits(1));
    throw error;
  }
}

/**
 * One fund (spec 7 `GET funds/{id}`).
 * @throws AppError `not_found` (404)
 */
export async function getFund(db: Database, id: number): Promise<FundResponse> {
  return describeFund(db, await findFund(db, id));
}

/**
 * Funds in the list envelope (spec 7 `GET funds`): `filter[status]`, `filter[fundTypeId]`,
 * `filter[administratorPartnerId]`, `filter[tag]`; `q` searches name and registration number.
 */
export async function listFunds(
  db: Database,
  query: ListQuery<FundSort, FundFilter>,
): Promise<ListResponse<FundResponse>> {
  const page = fundListQueries(db, query);
  let described = new Map<number, FundResponse>();
  return listPage(query, {
    rows: async (window) => {
      const rows = await page.rows(window);
      described = new Map((await describeFunds(db, rows)).map((fund) => [fund.id, fund]));
      return rows;
    },
    count: page.count,
    toItem: (row) => described.get(row.id) as FundResponse,
  });
}

/** Every fund as a form choice (`{ value: id, label: name }`), by name; archived ones marked. */
export async function fundOptions(db: Database): Promise<{ value: number; label: string }[]> {
  const rows = await fundChoiceRows(db);
  return rows.map((row) => ({ value: row.id, label: row.status === 'archived' ? `${row.name} (archived)` : row.name }));
}
