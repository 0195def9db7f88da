import { payoutDate } from '@bcp/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Read model of billable claims (issue 18, issue 35 item 3): paid claims with their benefits and
 * invoice lines; reads only.
 */

/** A line to bill: one paid claim's fees, excluding VAT, and their VAT (cents). */
export interface BillableLine {
  claimId: number;
  description: string;
  quantity: number;
  amountCents: number;
  vatCents: number;
}

type Row = { claim_id: string | number; member_number: string; paid_at: string | Date; payout: unknown };

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The tracing fees a fund owes for a period (issue 18): each claim of the fund paid on a South
 * African day from `periodFrom` to `periodTo` (both included), with the fees of the payout the
 * member accepted (each fee and its VAT), one line per claim, oldest payment first. Claims already
 * on an invoice (a draft, or an issued one not credited) are left out, except on `exceptInvoiceId`
 * (a draft being rebuilt). Claims whose fees are nothing are left out.
 */
export async function findBillableLines(
  db: Database,
  input: { fundId: number; periodFrom: string; periodTo: string; exceptInvoiceId?: number },
): Promise<BillableLine[]> {
  const except = input.exceptInvoiceId ?? 0;
  const result = await db.execute(sql`
    select c.id as claim_id, b.member_number, c.paid_at, c.payout
    from benefit_claims c
    join benefits b on b.id = c.benefit_id
    where b.fund_id = ${input.fundId}
      and c.status = 'paid'
      and (c.paid_at at time zone 'Africa/Johannesburg')::date between ${input.periodFrom}::date and ${input.periodTo}::date
      and not exists (
        select 1 from invoice_lines l join invoices i on i.id = l.invoice_id
        where l.claim_id = c.id and i.kind = 'invoice' and i.id <> ${except}
          and not exists (select 1 from invoices cn where cn.credited_invoice_id = i.id)
      )
    order by c.paid_at, c.id`);
  const lines: BillableLine[] = [];
  for (const row of rowsOf<Row>(result)) {
    const fees = (row.payout as { fees?: { feeCents: number; vatCents: number }[] } | null)?.fees ?? [];
    const amountCents = fees.reduce((sum, fee) => sum + fee.feeCents, 0);
    const vatCents = fees.reduce((sum, fee) => sum + fee.vatCents, 0);
    if (amountCents + vatCents === 0) continue;
    const claimId = Number(row.claim_id);
    lines.push({
      claimId,
      description: `Tracing fees: claim ${claimId}, member number ${row.member_number}, paid ${payoutDate(new Date(row.paid_at))}`,
      quantity: 1,
      amountCents,
      vatCents,
    });
  }
  return lines;
}
