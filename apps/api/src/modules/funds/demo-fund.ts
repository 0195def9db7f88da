import { PROCESS_STEP_KIND_CODES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import type { AuditContext } from '../../platform/audit/audit.service.js';
import { findFundTypeByCode } from '../fund-types/index.js';
import { setFundProcessSteps } from '../process-steps/index.js';
import { createFundFee } from './fund-fees.service.js';
import { updateFund } from './funds.service.js';

const DEMO: AuditContext = { actor: { type: 'system', label: 'demo data' } };

/**
 * The demo fund's set-up (README "Demo data"; development data): a pension fund, contact details,
 * a tracing fee of 2.5% of the benefit plus VAT since 1 January 2025 (Zanele's R3,450.00 pays
 * R86.25 + R12.94 VAT, so R3,350.81 reaches her), and the full staff checklist including the SARS
 * tax directive.
 */
export const DEMO_FUND_SETUP = {
  fundTypeCode: 'pension',
  tags: ['demo', 'unclaimed benefits'],
  fee: {
    name: 'Tracing fee',
    kind: 'percentage',
    basisPoints: 250,
    vatApplies: true,
    vatInclusive: false,
    effectiveFrom: '2025-01-01',
  },
} as const;

/** Gives the demo fund its type, contact details, fee and process steps (audited as the demo data). */
export async function configureDemoFund(db: Database, fundId: number): Promise<void> {
  const fundType = await findFundTypeByCode(db, DEMO_FUND_SETUP.fundTypeCode);
  await updateFund(
    db,
    fundId,
    {
      fundTypeId: fundType?.id ?? null,
      contactName: 'Demo Fund Principal Officer',
      contactEmail: 'fund@demo-retirement-fund.co.za',
      contactPhone: '+27215550100',
      tags: [...DEMO_FUND_SETUP.tags],
    },
    DEMO,
  );
  await createFundFee(db, fundId, { ...DEMO_FUND_SETUP.fee }, DEMO);
  await setFundProcessSteps(db, fundId, { steps: PROCESS_STEP_KIND_CODES.map((kind) => ({ kind })) }, DEMO);
}
