import {
  type CreateFaqRequest,
  FAQ_MESSAGES,
  type FaqEntryResponse,
  type FaqResponse,
  type FaqTemplateDataResponse,
  type FundSummary,
  formatRand,
  type ListQuery,
  type ListResponse,
  type UpdateFaqRequest,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import type { BeneficiaryIdentity } from '../../platform/auth/route-access.js';
import { AppError, type FieldErrors } from '../../platform/errors/app-error.js';
import { listPage } from '../../platform/lists/list-page.js';
import { getMemberBenefit } from '../benefits/index.js';
import { fundSummaries } from '../funds/index.js';
import { findPersonUserProfile } from '../person-users/index.js';
import { templateErrors } from '../templates/index.js';
import {
  deleteFaqRow,
  type FaqRow,
  type FaqSort,
  faqListQueries,
  fundIdsOf,
  insertFaq,
  linkFaqFunds,
  publishedFaqs,
  selectFaqRow,
  updateFaqRow,
} from './faqs.repository.js';

type FaqInput = z.output<typeof CreateFaqRequest>;

function toResponse(row: FaqRow, fundIds: number[]): FaqResponse {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    sortOrder: row.sortOrder,
    published: row.published,
    fundIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditFields(faq: FaqResponse): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = faq;
  return fields;
}

/** 422 per field: the answer must parse as Liquid; every fund must exist. */
async function assertValid(db: Database, input: { answer?: string | undefined; fundIds?: number[] | undefined }) {
  const errors: FieldErrors = templateErrors({ answer: input.answer });
  const wanted = [...new Set(input.fundIds ?? [])];
  const known = await fundSummaries(db, wanted);
  if (known.length !== wanted.length) errors.fundIds = [FAQ_MESSAGES.unknownFund];
  if (Object.keys(errors).length > 0) throw new AppError('validation', VALIDATION_FAILED_MESSAGE, errors);
}

async function findFaqRow(db: Database, id: number): Promise<FaqRow> {
  const row = await selectFaqRow(db, id);
  if (!row) throw new AppError('not_found', FAQ_MESSAGES.notFound, undefined, { code: 'faq_not_found' });
  return row;
}

/**
 * One FAQ with its funds (spec 7 `GET faq/{id}`).
 * @throws AppError `not_found` (404)
 */
export async function getFaq(db: Database, id: number): Promise<FaqResponse> {
  const row = await findFaqRow(db, id);
  return toResponse(row, (await fundIdsOf(db, [id])).get(id) ?? []);
}

/** FAQs in the list envelope (spec 7 `GET faq`): `filter[published]`, `filter[fundId]`; `q` searches question and answer. */
export async function listFaqs(
  db: Database,
  query: ListQuery<FaqSort, { published?: boolean | undefined; fundId?: number | undefined }>,
): Promise<ListResponse<FaqResponse>> {
  const page = faqListQueries(db, query);
  let linked = new Map<number, number[]>();
  return listPage(query, {
    rows: async (window) => {
      const rows = await page.rows(window);
      linked = await fundIdsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows;
    },
    count: page.count,
    toItem: (row) => toResponse(row, linked.get(row.id) ?? []),
  });
}

/**
 * Creates an FAQ (spec 7 `POST faq`) with the funds it applies to; audited `faqs.created`.
 * @throws AppError `validation` (422): `answer` with a Liquid error (line and column), `fundIds` unknown
 */
export async function createFaq(db: Database, input: FaqInput, context: AuditContext): Promise<FaqResponse> {
  await assertValid(db, input);
  return db.transaction(async (tx) => {
    const row = await insertFaq(tx, {
      question: input.question,
      answer: input.answer,
      sortOrder: input.sortOrder,
      published: input.published,
    });
    const fundIds = [...new Set(input.fundIds)].sort((a, b) => a - b);
    await linkFaqFunds(tx, row.id, fundIds, false);
    const response = toResponse(row, fundIds);
    await recordAudit(tx, {
      ...context,
      action: 'faqs.created',
      entityType: 'faqs',
      entityId: row.id,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Changes an FAQ (spec 7 `PATCH faq/{id}`); `fundIds` replaces its funds. Audited `faqs.updated`.
 * @throws AppError `not_found` (404); `validation` (422) as `createFaq`
 */
export async function updateFaq(
  db: Database,
  id: number,
  input: z.output<typeof UpdateFaqRequest>,
  context: AuditContext,
): Promise<FaqResponse> {
  const before = await getFaq(db, id);
  await assertValid(db, input);
  return db.transaction(async (tx) => {
    const change = Object.fromEntries(
      Object.entries({
        question: input.question,
        answer: input.answer,
        sortOrder: input.sortOrder,
        published: input.published,
      }).filter(([, value]) => value !== undefined),
    );
    const row = await updateFaqRow(tx, id, change);
    if (!row) throw new AppError('not_found', FAQ_MESSAGES.notFound, undefined, { code: 'faq_not_found' });
    let fundIds = before.fundIds;
    if (input.fundIds) {
      fundIds = [...new Set(input.fundIds)].sort((a, b) => a - b);
      await linkFaqFunds(tx, id, fundIds, true);
    }
    const response = toResponse(row, fundIds);
    await recordAudit(tx, {
      ...context,
      action: 'faqs.updated',
      entityType: 'faqs',
      entityId: id,
      before: auditFields(before),
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Deletes an FAQ (spec 7 `DELETE faq/{id}`); audited `faqs.deleted` with its last state.
 * @throws AppError `not_found` (404)
 */
export async function deleteFaq(db: Database, id: number, context: AuditContext): Promise<void> {
  const before = await getFaq(db, id);
  await db.transaction(async (tx) => {
    await deleteFaqRow(tx, id);
    await recordAudit(tx, {
      ...context,
      action: 'faqs.deleted',
      entityType: 'faqs',
      entityId: id,
      before: auditFields(before),
    });
  });
}

/**
 * The funds an FAQ applies to (spec 7 `GET faq/{id}/funds`); empty: all funds.
 * @throws AppError `not_found` (404)
 */
export async function listFaqFunds(db: Database, id: number): Promise<FundSummary[]> {
  const faq = await getFaq(db, id);
  return fundSummaries(db, faq.fundIds);
}

/**
 * `GET /api/app/faq-funds?fundId=` (spec 7): the published FAQs for a fund (general ones and that
 * fund's), or only general ones without a fund; ordered by `sortOrder`. The answers are templates.
 */
export async function listMemberFaqs(db: Database, fundId: number | null): Promise<FaqEntryResponse[]> {
  return publishedFaqs(db, fundId);
}

/**
 * `GET /api/app/faq-funds/params?benefitId=` (spec 3 "FAQ template data"): for a benefit of the
 * signed-in member (PIN entered, identity checked), one entry with benefit, person (ID masked),
 * fund and claim (a list). Nothing otherwise: no benefit, signed out, before the identity check,
 * another member's benefit or no such benefit all answer the same empty list.
 */
export async function faqTemplateData(
  db: Database,
  member: BeneficiaryIdentity | undefined,
  benefitId: number | null,
): Promise<FaqTemplateDataResponse[]> {
  if (!member?.verified || benefitId === null) return [];
  const profile = await findPersonUserProfile(db, member.personUserId);
  if (!profile?.iidentifiiVerified) return [];
  const benefit = await getMemberBenefit(db, member.personUserId, benefitId).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === 'not_found') return undefined;
    throw error;
  });
  if (!benefit) return [];
  return [
    {
      benefit: {
        id: benefit.id,
        benefitType: benefit.benefitType,
        status: benefit.status,
        amount: formatRand(benefit.amountCents),
        amountCents: benefit.amountCents,
        totalFees: formatRand(benefit.payout.totalFeesCents),
        netAmount: formatRand(benefit.payout.netAmountCents),
        netAmountCents: benefit.payout.netAmountCents,
      },
      person: {
        firstName: benefit.person.firstName,
        lastName: benefit.person.lastName,
        idNumberMasked: benefit.person.idNumberMasked,
      },
      fund: benefit.fund,
      claim: benefit.claim ? [benefit.claim] : [],
    },
  ];
}
