import {
  type CreatePartnerRequest,
  type FormMetadataResponse,
  formField,
  type ListQuery,
  type ListResponse,
  PARTNER_KIND_LABELS,
  PARTNER_KINDS,
  PARTNER_MESSAGES,
  type PartnerResponse,
  type UpdatePartnerRequest,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage } from '../../platform/lists/list-page.js';
import { fundNamesByIds, fundOptions, fundsAdministeredBy } from '../funds/index.js';
import { countLiveApiKeys, revokePartnerApiKeys } from './partner-api-keys.repository.js';
import {
  insertPartner,
  type PartnerFilter,
  type PartnerRecord,
  type PartnerSort,
  type PartnerValues,
  partnerFundLinks,
  partnerListQueries,
  partnerNameTaken,
  replacePartnerFunds,
  selectLivePartner,
  softDeletePartnerRow,
  updatePartnerRow,
} from './partners.repository.js';

type CreateInput = Pick<z.output<typeof CreatePartnerRequest>, 'name' | 'kind'> &
  Partial<z.output<typeof CreatePartnerRequest>>;
type UpdateInput = Partial<z.output<typeof UpdatePartnerRequest>>;

async function describePartners(db: Database, rows: PartnerRecord[]): Promise<PartnerResponse[]> {
  const ids = rows.map((row) => row.id);
  const links = await partnerFundLinks(db, ids);
  const names = await fundNamesByIds(
    db,
    links.map((link) => link.fundId),
  );
  const keys = await countLiveApiKeys(db, ids);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    active: row.active,
    funds: links
      .filter((link) => link.partnerId === row.id)
      .map((link) => ({ id: link.fundId, name: names.get(link.fundId) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    activeApiKeys: keys.find((key) => key.partnerId === row.id)?.total ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function describePartner(db: Database, row: PartnerRecord): Promise<PartnerResponse> {
  return (await describePartners(db, [row]))[0] as PartnerResponse;
}

function auditFields(partner: PartnerResponse): Record<string, unknown> {
  const { id: _id, createdAt: _c, updatedAt: _u, activeApiKeys: _k, funds, ...fields } = partner;
  return { ...fields, fundIds: funds.map((fund) => fund.id).sort((a, b) => a - b) };
}

/**
 * A partner that is not deleted.
 * @throws AppError `not_found` (404)
 */
export async function findPartner(db: Database, id: number): Promise<PartnerRecord> {
  const row = await selectLivePartner(db, id);
  if (!row) throw new AppError('not_found', PARTNER_MESSAGES.notFound);
  return row;
}

/** 422 per field: name in use, unknown funds, a fund it administers left out, or a kind change that would orphan one. */
async function assertPartnerInput(db: Database, input: Partial<CreateInput>, partnerId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.name !== undefined) {
    if (await partnerNameTaken(db, input.name, partnerId)) errors.name = [PARTNER_MESSAGES.nameTaken];
  }
  if (input.fundIds) {
    const known = await fundNamesByIds(db, input.fundIds);
    if (input.fundIds.some((id) => !known.has(id))) errors.fundIds = [PARTNER_MESSAGES.unknownFund];
  }
  if (partnerId !== undefined) {
    const administered = await fundsAdministeredBy(db, partnerId);
    const names = (list: { name: string }[]) => list.map((fund) => fund.name).join(', ');
    const dropped = input.fundIds ? administered.filter((fund) => !input.fundIds?.includes(fund.id)) : [];
    if (dropped.length > 0) errors.fundIds = [PARTNER_MESSAGES.administersFund(names(dropped))];
    if (input.kind === 'tracing-partner' && administered.length > 0) {
      errors.kind = [PARTNER_MESSAGES.administersFund(names(administered))];
    }
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', VALIDATION_FAILED_MESSAGE, errors);
}

function partnerValues(input: Partial<CreateInput>): PartnerValues {
  const values: PartnerValues = {
    name: input.name,
    kind: input.kind,
    contactName: input.contactName === '' ? null : input.contactName,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    active: input.active,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/**
 * Creates a partner with the funds it serves (spec 7 `POST partners`); audited `partners.created`.
 * @throws AppError `validation` (422) name in use, unknown fund
 */
export async function createPartner(db: Database, input: CreateInput, context: AuditContext): Promise<PartnerResponse> {
  await assertPartnerInput(db, input);
  return db.transaction(async (tx) => {
    const row = await insertPartner(tx, { ...partnerValues(input), name: input.name, kind: input.kind });
    await replacePartnerFunds(tx, row.id, input.fundIds ?? []);
    const response = await describePartner(tx, row);
    await recordAudit(tx, {
      ...context,
      action: 'partners.created',
      entityType: 'partners',
      entityId: row.id,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Changes a partner (spec 7 `PATCH partners/{id}`): fields given; `fundIds` replaces the funds it
 * serves (its keys' reach changes on the next request). Audited `partners.updated`.
 * @throws AppError `not_found` (404); `validation` (422) name in use, unknown fund, dropping a fund
 *   it administers, or kind tracing partner while administering funds
 */
export async function updatePartner(
  db: Database,
  id: number,
  input: UpdateInput,
  context: AuditContext,
): Promise<PartnerResponse> {
  const partner = await findPartner(db, id);
  await assertPartnerInput(db, input, id);
  const before = auditFields(await describePartner(db, partner));
  return db.transaction(async (tx) => {
    const row = await updatePartnerRow(tx, id, partnerValues(input));
    if (!row) throw new AppError('not_found', PARTNER_MESSAGES.notFound);
    if (input.fundIds) await replacePartnerFunds(tx, id, input.fundIds);
    const response = await describePartner(tx, row);
    await recordAudit(tx, {
      ...context,
      action: 'partners.updated',
      entityType: 'partners',
      entityId: id,
      before,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Deletes a partner (spec 7 `DELETE partners/{id}`): soft delete, so its audit trail and claim
 * decisions keep their actor; its API keys are revoked and its fund links removed. Audited
 * `partners.deleted`.
 * @throws AppError `not_found` (404); `conflict` (409) it administers a fund (choose another first)
 */
export async function deletePartner(db: Database, id: number, context: AuditContext): Promise<void> {
  const partner = await findPartner(db, id);
  const administered = await fundsAdministeredBy(db, id);
  if (administered.length > 0) {
    throw new AppError('conflict', PARTNER_MESSAGES.administersFund(administered.map((fund) => fund.name).join(', ')));
  }
  const before = auditFields(await describePartner(db, partner));
  const now = new Date();
  await db.transaction(async (tx) => {
    await revokePartnerApiKeys(tx, id, now);
    await replacePartnerFunds(tx, id, []);
    await softDeletePartnerRow(tx, id, now);
    await recordAudit(tx, { ...context, action: 'partners.deleted', entityType: 'partners', entityId: id, before });
  });
}

/**
 * One partner (spec 7 `GET partners/{id}`).
 * @throws AppError `not_found` (404)
 */
export async function getPartner(db: Database, id: number): Promise<PartnerResponse> {
  return describePartner(db, await findPartner(db, id));
}

/**
 * Partners in the list envelope (spec 7 `GET partners`): `filter[kind]`, `filter[active]`,
 * `filter[fundId]` (serves that fund); `q` searches name, contact name and email.
 */
export async function listPartners(
  db: Database,
  query: ListQuery<PartnerSort, PartnerFilter>,
): Promise<ListResponse<PartnerResponse>> {
  const page = partnerListQueries(db, query);
  let described = new Map<number, PartnerResponse>();
  return listPage(query, {
    rows: async (window) => {
      const rows = await page.rows(window);
      described = new Map((await describePartners(db, rows)).map((partner) => [partner.id, partner]));
      return rows;
    },
    count: page.count,
    toItem: (row) => described.get(row.id) as PartnerResponse,
  });
}

/**
 * The partner form (spec 7 `GET partners/create`, `GET partners/{id}/edit`): its fields with the
 * kinds and funds to choose from, and the values to start from (the partner's for `{id}/edit`).
 * @throws AppError `not_found` (404) for `{id}/edit` of an unknown partner
 */
export async function partnerForm(db: Database, id?: number): Promise<FormMetadataResponse> {
  const fields = [
    formField({ name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 }),
    formField({
      name: 'kind',
      label: 'Kind',
      type: 'select',
      required: true,
      options: PARTNER_KINDS.map((kind) => ({ value: kind, label: PARTNER_KIND_LABELS[kind] })),
    }),
    formField({ name: 'contactName', label: 'Contact person', type: 'text', maxLength: 200 }),
    formField({ name: 'contactEmail', label: 'Contact email', type: 'email' }),
    formField({ name: 'contactPhone', label: 'Contact phone', type: 'tel' }),
    formField({ name: 'active', label: 'Active (its API keys work)', type: 'checkbox' }),
    formField({ name: 'fundIds', label: 'Funds it serves', type: 'multiselect', options: await fundOptions(db) }),
  ];
  if (id === undefined) {
    return {
      fields,
      values: {
        name: '',
        kind: 'fund-administrator',
        contactName: '',
        contactEmail: '',
        contactPhone: '',
        active: true,
        fundIds: [],
      },
    };
  }
  const partner = await getPartner(db, id);
  return {
    fields,
    values: {
      name: partner.name,
      kind: partner.kind,
      contactName: partner.contactName ?? '',
      contactEmail: partner.contactEmail ?? '',
      contactPhone: partner.contactPhone ?? '',
      active: partner.active,
      fundIds: partner.funds.map((fund) => fund.id),
    },
  };
}
