import type { BankResponse } from '@bcp/contract';
import { WholeListPage } from './whole-list';

/** Banks (`GET banks`): reference data kept in code, read-only. */
export default function BanksPage() {
  return (
    <WholeListPage<BankResponse>
      title="Banks"
      path="v1/banks"
      columns={[
        { accessor: 'name', title: 'Bank' },
        { accessor: 'universalBranchCode', title: 'Universal branch code' },
      ]}
    />
  );
}
