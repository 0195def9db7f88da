import { type AdminClaimExportQuery, centsToRandString, maskAccountNumber, maskSaIdNumber } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { decryptField } from '../../platform/crypto/field-encryption.js';
import { exportFilters } from '../../platform/exports/export-audit.js';
import {
  countRows,
  type ExportColumn,
  keysetRows,
  streamTable,
  type TableExport,
} from '../../platform/exports/table-export.js';
import { type ClaimExportRow, claimExportPage } from '../../queries/claim-export.js';
import { claimListCondition } from '../../queries/staff-claim-list.js';

type Row = ClaimExportRow;

const iso = (value: Date | null) => value?.toISOString() ?? null;

function claimColumns(unmasked: boolean, secret: string): ExportColumn<Row>[] {
  return [
    { header: 'claim_id', value: (row) => row.id, width: 10 },
    { header: 'benefit_id', value: (row) => row.benefitId, width: 10 },
    { header: 'status', value: (row) => row.status, width: 12 },
    { header: 'fund', value: (row) => row.fundName, width: 30 },
    { header: 'fund_registration_number', value: (row) => row.fundRegistrationNumber },
    { header: 'member_number', value: (row) => row.memberNumber },
    { header: 'first_name', value: (row) => row.firstName },
    { header: 'last_name', value: (row) => row.lastName },
    { header: 'id_number', value: (row) => (unmasked ? row.idNumber : maskSaIdNumber(row.idNumber)) },
    { header: 'gross_amount_zar', value: (row) => centsToRandString(row.amountCents) },
    {
      header: 'net_payout_zar',
      value: (row) => {
        const net = (row.payout as { netAmountCents?: number } | null)?.netAmountCents;
        return typeof net === 'number' ? centsToRandString(net) : null;
      },
    },
    { header: 'bank', value: (row) => row.bankName, width: 24 },
    {
      header: 'account_number',
      value: (row) => {
        if (!row.accountLast4 || !row.accountEncrypted) return null;
        return unmasked ? decryptField(secret, row.accountEncrypted) : maskAccountNumber(row.accountLast4);
      },
    },
    { header: 'bank_match', value: (row) => row.bankMatchStatus, width: 10 },
    { header: 'submitted_at', value: (row) => iso(row.submittedAt), width: 26 },
    { header: 'decided_at', value: (row) => iso(row.decidedAt), width: 26 },
    { header: 'paid_at', value: (row) => iso(row.paidAt), width: 26 },
    { header: 'payment_reference', value: (row) => row.paymentReference },
  ];
}

/**
 * `GET /api/v1/benefits/claims/export` (issue 18): every claim the claims list's filters and search
 * find (drafts only when asked for), as CSV or XLSX, streamed in keyset pages (constant memory); ID
 * and account numbers masked unless `unmasked` (the route checks `benefits.export-unmasked`).
 * Audited when the last row is read (`claims.exported`: filters, format, unmasked, row count).
 */
export function exportClaimsForStaff(
  deps: { db: Database; secret: string },
  query: AdminClaimExportQuery,
  context: AuditContext,
): TableExport {
  const { db } = deps;
  const newestFirst = (query.sort[0]?.direction ?? 'desc') === 'desc';
  // `filter[assignee]=me`: the staff user exporting.
  const callerId = context.actor.type === 'staff' ? (context.actor.id ?? undefined) : undefined;
  const condition = claimListCondition(query, callerId === undefined ? {} : { callerId });
  const rows = keysetRows<Row>((after, batchSize) => claimExportPage(db, condition, newestFirst, after, batchSize));
  const audited = countRows(rows, (rowCount) =>
    recordAudit(db, {
      ...context,
      action: 'claims.exported',
      entityType: 'claims',
      after: { ...exportFilters(query), rowCount },
    }),
  );
  return streamTable(query.format, 'Claims', claimColumns(query.unmasked, deps.secret), audited);
}
