import {
  ENRICHMENT_LAWFUL_PURPOSE,
  type EnrichmentRecordListQuery,
  type EnrichmentRecordResponse,
  type ListResponse,
  maskSaIdNumber,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type EnrichmentRecordRow, listEnrichmentRecordRows } from '../../queries/enrichment-records.js';
import { findFund } from '../funds/index.js';

function toRecordResponse(row: EnrichmentRecordRow): EnrichmentRecordResponse {
  return {
    id: row.id,
    person: {
      id: row.person.id,
      firstName: row.person.firstName,
      lastName: row.person.lastName,
      idNumberMasked: maskSaIdNumber(row.person.idNumber),
    },
    step: row.kind,
    status: row.status,
    result: row.result,
    details: row.details,
    failureReason: row.failureReason,
    provider: row.provider,
    providerReference: row.providerReference,
    costCents: row.costCents,
    lawfulPurpose: row.lawfulPurpose || ENRICHMENT_LAWFUL_PURPOSE,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The look-ups of a fund's persons (spec 7 `GET funds/{id}/enrichment-steps/records`): per person
 * and step, its status, result, provider reference and time, in the one list envelope; filters
 * `step`, `status`, `result`, `personId`; `q` matches surnames. ID numbers masked.
 * @throws AppError `not_found` (404) unknown fund
 */
export async function listEnrichmentRecords(
  db: Database,
  fundId: number,
  query: EnrichmentRecordListQuery,
): Promise<ListResponse<EnrichmentRecordResponse>> {
  await findFund(db, fundId);
  return listEnrichmentRecordRows(db, fundId, query, toRecordResponse);
}
