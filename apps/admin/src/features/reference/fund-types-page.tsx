import type { FundTypeResponse } from '@bcp/contract';
import { WholeListPage } from './whole-list';

/** Fund types (`GET fund_types`): reference data kept in code, read-only. */
export default function FundTypesPage() {
  return (
    <WholeListPage<FundTypeResponse>
      title="Fund types"
      path="v1/fund_types"
      columns={[
        { accessor: 'code', title: 'Code' },
        { accessor: 'name', title: 'Name' },
        { accessor: 'active', title: 'Active', render: (type) => (type.active ? 'yes' : 'no') },
      ]}
    />
  );
}
