import { type AdminBenefitExportQuery, centsToRandString, maskSaIdNumber } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { exportFilters } from '../../platform/exports/export-audit.js';
import {
  countRows,
  type ExportColumn,
  keysetRows,
  streamTable,
  type TableExport,
} from '../../platform/exports/table-export.js';
import { benefitListCondition, benefitRowsAfter } from '../../queries/benefit-lists.js';

type Row = {
  id: number;
  memberNumber: string;
  benefitType: string;
  amountCents: number;
  status: string;
  createdAt: Date;
  fund: { id: number; name: string; registrationNumber: string };
  person: { id: number; firstName: string; lastName: string; idNumber: string };
};

function benefitColumns(unmasked: boolean): ExportColumn<Row>[] {
  return [
    { header: 'benefit_id', value: (row) => row.id, width: 12 },
    { header: 'fund', value: (row) => row.fund.name, width: 30 },
    { header: 'fund_registration_number', value: (row) => row.fund.registrationNumber },
    { header: 'member_number', value: (row) => row.memberNumber },
    { header: 'benefit_type', value: (row) => row.benefitType },
    { header: 'amount_zar', value: (row) => centsToRandString(row.amountCents) },
    { header: 'status', value: (row) => row.status, width: 12 },
    { header: 'first_name', value: (row) => row.person.firstName },
    { header: 'last_name', value: (row) => row.person.lastName },
    {
      header: 'id_number',
      value: (row) => (unmasked ? row.person.idNumber : maskSaIdNumber(row.person.idNumber)),
    },
    { header: 'created_at', value: (row) => row.createdAt.toISOString(), width: 26 },
  ];
}

/**
 * `GET /api/v1/benefits/export` (issue 18): every benefit the list's filters and search find, in
 * the list's order, as CSV or XLSX, streamed in keyset pages of 500 (constant memory: small pages die young in the GC); ID
 * numbers masked unless `unmasked` (the route checks `benefits.export-unmasked`). Audited when the
 * last row is read (`benefits.exported`: filters, format, unmasked, row count).
 */
export function exportBenefitsForStaff(
  db: Database,
  query: AdminBenefitExportQuery,
  context: AuditContext,
): TableExport {
  const newestFirst = (query.sort[0]?.direction ?? 'desc') === 'desc';
  const condition = benefitListCondition(query);
  const rows = keysetRows<Row>((after, batchSize) => benefitRowsAfter(db, condition, newestFirst, after, batchSize));
  const audited = countRows(rows, (rowCount) =>
    recordAudit(db, {
      ...context,
      action: 'benefits.exported',
      entityType: 'benefits',
      after: { ...exportFilters(query), rowCount },
    }),
  );
  return streamTable(query.format, 'Benefits', benefitColumns(query.unmasked), audited);
}
