import { type AdminClaimSummaryResponse, type FundResponse, formatRand, randToCents } from '@bcp/contract';
import { Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { CursorTable, cursorListQuery, useCursorList } from '../../components/cursor-list';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { useOptions } from '../../lib/options';
import { CLAIM_STATUS_OPTIONS, ClaimStatusBadge } from './claim-status';

const AGE_OPTIONS = [
  { value: '2', label: 'Waiting over 2 days' },
  { value: '5', label: 'Waiting over 5 days' },
  { value: '10', label: 'Waiting over 10 days' },
  { value: '30', label: 'Waiting over 30 days' },
];

/** Rand typed in a filter box as cents, or undefined while it is empty or not an amount. */
function cents(text: string): number | undefined {
  return text.trim() ? (randToCents(text) ?? undefined) : undefined;
}

/** How long ago a claim was submitted, in days ("today" for less than one). */
function age(submittedAt: string | null): string {
  if (!submittedAt) return '—';
  const days = dayjs().diff(dayjs(submittedAt), 'day');
  return days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'}`;
}

/**
 * The claims work queue (`GET benefits/claims`, oldest first): filters by status, fund, how long
 * the claim has waited and gross amount; search by ID number, member number or surname; a row opens
 * the claim. "Export" (`benefits.export`) downloads the claims these filters find, as CSV or Excel.
 * Claims have no assignee yet, so there is no assignee filter.
 */
export default function ClaimsPage() {
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<string | null>('submitted');
  const [fundId, setFundId] = useState<string | null>(null);
  const [olderThan, setOlderThan] = useState<string | null>(null);
  const [minAmount, setMinAmount] = useState('');
  const [maxAmount, setMaxAmount] = useState('');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [min] = useDebouncedValue(minAmount, 300);
  const [max] = useDebouncedValue(maxAmount, 300);
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name);
  const filters = {
    sort: 'id:asc',
    q,
    filter: {
      status,
      fundId,
      submittedTo: olderThan ? dayjs().subtract(Number(olderThan), 'day').format('YYYY-MM-DD') : undefined,
      minAmountCents: cents(min),
      maxAmountCents: cents(max),
    },
  };
  const list = useCursorList<AdminClaimSummaryResponse>({ path: 'v1/benefits/claims', ...filters });
  return (
    <>
      <PageHeader title="Claims">
        <ExportMenu
          path="v1/benefits/claims/export"
          query={cursorListQuery(filters)}
          name="claims"
          permission="benefits.export"
        />
      </PageHeader>
      <CursorTable<AdminClaimSummaryResponse>
        list={list}
        label="Claims"
        noRecordsText="No claims match these filters"
        toolbar={
          <Group mb="sm" align="flex-end" gap="sm">
            <TextInput
              label="Search"
              w={240}
              placeholder="ID number, member number or surname"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Select
              label="Status"
              w={150}
              clearable
              placeholder="Any status"
              data={CLAIM_STATUS_OPTIONS}
              value={status}
              onChange={setStatus}
            />
            <Select
              label="Fund"
              w={200}
              clearable
              searchable
              placeholder="Every fund"
              data={funds}
              value={fundId}
              onChange={setFundId}
            />
            <Select
              label="Age"
              w={190}
              clearable
              placeholder="Any age"
              data={AGE_OPTIONS}
              value={olderThan}
              onChange={setOlderThan}
            />
            <TextInput
              label="From (R)"
              w={100}
              inputMode="decimal"
              value={minAmount}
              onChange={(event) => setMinAmount(event.currentTarget.value)}
            />
            <TextInput
              label="To (R)"
              w={100}
              inputMode="decimal"
              value={maxAmount}
              onChange={(event) => setMaxAmount(event.currentTarget.value)}
            />
          </Group>
        }
        onRowClick={(claim) => navigate(`/claims/${claim.id}`)}
        columns={[
          { accessor: 'id', title: 'Claim', width: 80 },
          {
            accessor: 'person',
            title: 'Member',
            render: (claim) => (
              <>
                <Text size="sm">
                  {claim.person.firstName} {claim.person.lastName}
                </Text>
                <Text size="xs" c="dimmed">
                  {claim.person.idNumberMasked}
                </Text>
              </>
            ),
          },
          { accessor: 'fund', title: 'Fund', render: (claim) => claim.fund.name },
          {
            accessor: 'amountCents',
            title: 'Amount',
            textAlign: 'right',
            render: (claim) => formatRand(claim.amountCents),
          },
          { accessor: 'submittedAt', title: 'Waiting', render: (claim) => age(claim.submittedAt) },
          {
            accessor: 'status',
            title: 'Status',
            width: 130,
            render: (claim) => <ClaimStatusBadge status={claim.status} />,
          },
        ]}
      />
    </>
  );
}
