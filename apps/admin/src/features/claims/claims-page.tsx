import { type AdminClaimQueueItemResponse, type FundResponse, randToCents } from '@bcp/contract';
import { Button, Checkbox, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CLAIM_STATUS_OPTIONS, ClaimStatusBadge } from '../../components/claim-status';
import { CursorTable, cursorListQuery, useCursorList } from '../../components/cursor-list';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { formatMoney } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { useCan } from '../../lib/permissions';
import { AssignModal, assignClaims, assigneeText, useMyUserId } from './claim-assignee';
import { RiskBadge } from './claim-risk';

/** Whose claims: everyone's, the caller's ("My claims") or nobody's (`filter[assignee]`). */
const ASSIGNEE_VIEWS = [
  { value: 'all', label: 'All claims' },
  { value: 'me', label: 'My claims' },
  { value: 'none', label: 'Unassigned' },
];

const ORDER_OPTIONS = [
  { value: 'id:asc', label: 'Oldest first' },
  { value: 'riskFlagCount:desc', label: 'Most risk flags first' },
];

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
 * The claims work queue (`GET benefits/claims`, oldest first or most risk flags first): filters by
 * status, fund, how long the claim has waited, gross amount, risk flags ("Flagged only") and
 * assignee ("All claims", "My claims", "Unassigned"); search by ID number, member number or surname;
 * a row opens the claim. Each row shows its risk flags and assignee (issue 36 items 3-4); with
 * `claims.review` rows can be ticked and assigned together ("Assign to me", "Assign to…" with
 * `claims.assign`, "Unassign"). "Export" (`benefits.export`) downloads the claims these filters
 * find, as CSV or Excel. `?flagged=true` (the dashboard's link) starts with flagged claims only.
 */
export default function ClaimsPage() {
  const [, navigate] = useLocation();
  const startFlagged = new URLSearchParams(useSearch()).get('flagged') === 'true';
  const canReview = useCan('claims.review');
  const canAssign = useCan('claims.assign');
  const myId = useMyUserId();
  const [view, setView] = useState('all');
  const [flagged, setFlagged] = useState(startFlagged);
  const [order, setOrder] = useState<string | null>(startFlagged ? 'riskFlagCount:desc' : 'id:asc');
  const [selected, setSelected] = useState<AdminClaimQueueItemResponse[]>([]);
  const [choosing, setChoosing] = useState(false);
  const [status, setStatus] = useState<string | null>(startFlagged ? null : 'submitted');
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
    sort: order ?? 'id:asc',
    q,
    filter: {
      status,
      fundId,
      flagged: flagged ? 'true' : undefined,
      assignee: view === 'all' ? undefined : view,
      submittedTo: olderThan ? dayjs().subtract(Number(olderThan), 'day').format('YYYY-MM-DD') : undefined,
      minAmountCents: cents(min),
      maxAmountCents: cents(max),
    },
  };
  const list = useCursorList<AdminClaimQueueItemResponse>({ path: 'v1/benefits/claims', ...filters });
  const selectedIds = selected.map((claim) => claim.id);
  const bulk = async (userId: number | null, done: string) => {
    if (await assignClaims(selectedIds, userId, done)) setSelected([]);
  };
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
      <CursorTable<AdminClaimQueueItemResponse>
        list={list}
        label="Claims"
        noRecordsText="No claims match these filters"
        {...(canReview
          ? {
              selection: {
                records: selected,
                onChange: setSelected,
                label: (claim: AdminClaimQueueItemResponse) => `Select claim ${claim.id}`,
              },
            }
          : {})}
        toolbar={
          <>
            <Group mb="sm" align="center" gap="md">
              <SegmentedControl
                aria-label="Whose claims"
                data={ASSIGNEE_VIEWS}
                value={view}
                onChange={(value) => {
                  setView(value);
                  setSelected([]);
                }}
              />
              <Checkbox
                label="Flagged only"
                checked={flagged}
                onChange={(event) => {
                  setFlagged(event.currentTarget.checked);
                  setSelected([]);
                }}
              />
              <Select
                aria-label="Order"
                w={210}
                data={ORDER_OPTIONS}
                value={order}
                onChange={setOrder}
                allowDeselect={false}
              />
            </Group>
            {selected.length > 0 && (
              <Group mb="sm" gap="xs" role="group" aria-label="Selected claims">
                <Text size="sm" fw={600}>
                  {selected.length} selected
                </Text>
                {myId !== null && (
                  <Button size="compact-sm" variant="light" onClick={() => bulk(myId, 'The claims are yours.')}>
                    Assign to me
                  </Button>
                )}
                {canAssign && (
                  <Button size="compact-sm" variant="default" onClick={() => setChoosing(true)}>
                    Assign to…
                  </Button>
                )}
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="gray"
                  onClick={() => bulk(null, 'Claims unassigned.')}
                >
                  Unassign
                </Button>
              </Group>
            )}
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
          </>
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
            render: (claim) => formatMoney(claim.amountCents),
          },
          { accessor: 'submittedAt', title: 'Waiting', render: (claim) => age(claim.submittedAt) },
          {
            accessor: 'riskFlagCount',
            title: 'Risk',
            width: 120,
            render: (claim) => <RiskBadge count={claim.riskFlagCount} />,
          },
          {
            accessor: 'assignee',
            title: 'Assignee',
            render: (claim) => (
              <Text size="sm" c={claim.assignee ? undefined : 'dimmed'}>
                {assigneeText(claim.assignee, myId)}
              </Text>
            ),
          },
          {
            accessor: 'status',
            title: 'Status',
            width: 130,
            render: (claim) => <ClaimStatusBadge status={claim.status} />,
          },
        ]}
      />
      {choosing && (
        <AssignModal
          claimIds={selectedIds}
          onClose={(assigned) => {
            setChoosing(false);
            if (assigned) setSelected([]);
          }}
        />
      )}
    </>
  );
}
