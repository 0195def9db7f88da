import { type AdminBenefitResponse, BENEFIT_STATUS_LABELS, type FundResponse, fieldLabel } from '@bcp/contract';
import { Badge, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { CursorTable, cursorListQuery, useCursorList } from '../../components/cursor-list';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { formatMoney } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { BENEFIT_STATUS_OPTIONS } from './benefit-status';

/**
 * Benefits and persons (`GET benefits`): search by ID number, surname or member number, filter by
 * fund and status; a row opens the person behind the benefit. "Export" (`benefits.export`)
 * downloads what these filters find, as CSV.
 */
export default function PersonsPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [fundId, setFundId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name);
  const filters = { sort: 'id:desc', q, filter: { fundId, status } };
  const list = useCursorList<AdminBenefitResponse>({ path: 'v1/benefits', ...filters });
  return (
    <>
      <PageHeader title="Benefits and persons">
        <ExportMenu
          path="v1/benefits/export"
          query={cursorListQuery(filters)}
          name="benefits"
          permission="benefits.export"
        />
      </PageHeader>
      <CursorTable<AdminBenefitResponse>
        list={list}
        label="Benefits"
        noRecordsText="No benefit matches"
        toolbar={
          <Group mb="sm" align="flex-end" gap="sm">
            <TextInput
              label="Search"
              w={320}
              placeholder="ID number, surname or member number"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Select
              label="Fund"
              w={220}
              clearable
              searchable
              placeholder="Every fund"
              data={funds}
              value={fundId}
              onChange={setFundId}
            />
            <Select
              label="Status"
              w={160}
              clearable
              placeholder="Any status"
              data={BENEFIT_STATUS_OPTIONS}
              value={status}
              onChange={setStatus}
            />
          </Group>
        }
        rowHref={(benefit) => `/persons/${benefit.id}`}
        columns={[
          {
            accessor: 'person',
            title: 'Person',
            render: (benefit) => (
              <>
                <Text size="sm">
                  {benefit.person.firstName} {benefit.person.lastName}
                </Text>
                <Text size="xs" c="dimmed">
                  {benefit.person.idNumberMasked}
                </Text>
              </>
            ),
          },
          { accessor: 'memberNumber', title: 'Member number' },
          { accessor: 'fund', title: 'Fund', render: (benefit) => benefit.fund.name },
          { accessor: 'benefitType', title: 'Type', render: (benefit) => fieldLabel(benefit.benefitType) },
          {
            accessor: 'amountCents',
            title: 'Amount',
            textAlign: 'right',
            render: (benefit) => formatMoney(benefit.amountCents),
          },
          {
            accessor: 'status',
            title: 'Status',
            width: 120,
            render: (benefit) => <Badge variant="light">{BENEFIT_STATUS_LABELS[benefit.status]}</Badge>,
          },
        ]}
      />
    </>
  );
}
