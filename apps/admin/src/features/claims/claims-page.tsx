import { type AdminClaimQueueItemResponse, type FundResponse, randToCents } from '@bcp/contract';
import { Button, Checkbox, Group, Popover, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CLAIM_STATUS_OPTIONS, ClaimStatusBadge } from '../../components/claim-status';
import { CURSOR_PAGE_SIZES, CursorTable, cursorListQuery, useCursorList } from '../../components/cursor-list';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { formatMoney } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { useCan } from '../../lib/permissions';
import { AssignModal, assignClaims, assigneeText, useMyUserId } from './claim-assignee';
import { RiskBadge } from './claim-risk';
import { SavedViews } from './saved-views';

/** Whose claims: everyone's, the caller's ("My claims") or nobody's (`filter[assignee]`). */
const ASSIGNEE_VIEWS = [
  { value: 'all', label: 'All claims' },
  { value: 'me', label: 'My claims' },
  { value: 'none', label: 'Unassigned' },
];

/** The sort fields of the queue's sortable columns; the first is the default. */
const SORT_FIELDS = ['id', 'submittedAt', 'amountCents', 'riskFlagCount'] as const;
type SortField = (typeof SORT_FIELDS)[number];

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
  return days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`;
}

/**
 * The queue's view as kept in the URL's query string (issue 38 item 3: a reload or a shared link
 * shows the same claims): `view` (me, none), `flagged=true`, `status` (`any` for every status),
 * `fund`, `age` (days), `min` and `max` (rand), `q`, `sort` (`field:direction`), `size` (25, 50,
 * 100). Missing values are the defaults: submitted claims, oldest first; `?flagged=true` (the
 * dashboard's link) means every status, most risk flags first.
 */
function readView(search: string) {
  const params = new URLSearchParams(search);
  const flagged = params.get('flagged') === 'true';
  const statusParam = params.get('status');
  const status = statusParam === null ? (flagged ? null : 'submitted') : statusParam === 'any' ? null : statusParam;
  const [field, direction] = (params.get('sort') ?? '').split(':');
  const sort =
    SORT_FIELDS.includes(field as SortField) && (direction === 'asc' || direction === 'desc')
      ? { field: field as SortField, direction: direction as 'asc' | 'desc' }
      : flagged
        ? { field: 'riskFlagCount' as const, direction: 'desc' as const }
        : { field: 'id' as const, direction: 'asc' as const };
  const size = Number(params.get('size'));
  const view = params.get('view');
  const olderThan = params.get('age');
  return {
    view: view === 'me' || view === 'none' ? view : 'all',
    flagged,
    status: CLAIM_STATUS_OPTIONS.some((option) => option.value === status) ? status : null,
    fundId: params.get('fund'),
    olderThan: AGE_OPTIONS.some((option) => option.value === olderThan) ? olderThan : null,
    min: params.get('min') ?? '',
    max: params.get('max') ?? '',
    q: params.get('q') ?? '',
    sort,
    pageSize: (CURSOR_PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
  };
}

/** Changes some of the URL's query parameters (null or '' removes one), replacing the history entry. */
function useSetParams() {
  const [location, navigate] = useLocation();
  return useCallback(
    (changes: Record<string, string | null>) => {
      const params = new URLSearchParams(window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') params.delete(name);
        else params.set(name, value);
      }
      const search = params.toString();
      navigate(search ? `${location}?${search}` : location, { replace: true });
    },
    [location, navigate],
  );
}

/**
 * A text filter typed into a box and kept in the URL parameter `name` a moment (300 ms) after typing
 * stops; the box follows the URL when it changes otherwise (a saved view applied, back and forward),
 * which also drops a value still waiting to be written. Returns the box's text and its setter.
 */
function useUrlText(name: string, fromUrl: string, setParams: (changes: Record<string, string | null>) => void) {
  const [text, setText] = useState(fromUrl);
  /** The value the URL was last given here or last seen with: a different `fromUrl` came from elsewhere. */
  const known = useRef(fromUrl);
  const write = useDebouncedCallback((value: string) => {
    known.current = value;
    if (value !== (new URLSearchParams(window.location.search).get(name) ?? '')) setParams({ [name]: value });
  }, 300);
  const cancelWrite = useRef(write.cancel);
  cancelWrite.current = write.cancel;
  useEffect(() => {
    if (fromUrl === known.current) return;
    known.current = fromUrl;
    cancelWrite.current();
    setText(fromUrl);
  }, [fromUrl]);
  const change = useCallback(
    (value: string) => {
      setText(value);
      write(value);
    },
    [write],
  );
  return [text, change] as const;
}

/**
 * The claims work queue (`GET benefits/claims`): filters by status, fund, amount (gross), how long
 * the claim has waited ("More filters"), risk flags ("Flagged only") and assignee ("All claims",
 * "My claims", "Unassigned"); search by ID number, member number or surname; sorted by the Claim,
 * Submitted, Amount (gross) and Risk headers; its total and 25, 50 or 100 rows a page (issue 38
 * item 3). Every filter, the sort and the page size are kept in the URL (`readView`), so a reload or
 * a shared link keeps the view, and can be saved by name ("Save view", "Saved views"). A row opens
 * the claim. Each row shows its risk flags and assignee (issue 36 items 3-4); with `claims.review`
 * rows can be ticked and assigned together in one call ("Assign to me", "Assign to…" with
 * `claims.assign`, "Unassign"). "Export" (`benefits.export`) downloads the claims these filters
 * find, as CSV or Excel. `?flagged=true` (the dashboard's link) starts with flagged claims only.
 */
export default function ClaimsPage() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const current = readView(search);
  const setParams = useSetParams();
  const canReview = useCan('claims.review');
  const canAssign = useCan('claims.assign');
  const myId = useMyUserId();
  // Ticked rows belong to the view they were ticked in: another filter starts with none.
  const [ticked, setTicked] = useState<{ search: string; records: AdminClaimQueueItemResponse[] }>({
    search,
    records: [],
  });
  const selected = ticked.search === search ? ticked.records : [];
  const setSelected = (records: AdminClaimQueueItemResponse[]) => setTicked({ search, records });
  const [choosing, setChoosing] = useState(false);
  const [searchText, setSearchText] = useUrlText('q', current.q, setParams);
  const [minAmount, setMinAmount] = useUrlText('min', current.min, setParams);
  const [maxAmount, setMaxAmount] = useUrlText('max', current.max, setParams);
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name);
  const filters = {
    sort: `${current.sort.field}:${current.sort.direction}`,
    q: current.q,
    filter: {
      status: current.status,
      fundId: current.fundId,
      flagged: current.flagged ? 'true' : undefined,
      assignee: current.view === 'all' ? undefined : current.view,
      submittedTo: current.olderThan
        ? dayjs().subtract(Number(current.olderThan), 'day').format('YYYY-MM-DD')
        : undefined,
      minAmountCents: cents(current.min),
      maxAmountCents: cents(current.max),
    },
  };
  const list = useCursorList<AdminClaimQueueItemResponse>({
    path: 'v1/benefits/claims',
    ...filters,
    pageSize: current.pageSize,
  });
  const selectedIds = selected.map((claim) => claim.id);
  const bulk = async (userId: number | null, done: string) => {
    if (await assignClaims(selectedIds, userId, done)) setSelected([]);
  };
  const moreFilters = current.olderThan ? 1 : 0;
  return (
    <>
      <PageHeader title="Claims">
        <SavedViews
          screen="claims"
          query={search.replace(/^\?/, '')}
          onApply={(query) => navigate(query ? `${location}?${query}` : location, { replace: true })}
        />
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
        noun={{ one: 'claim', many: 'claims' }}
        pageSize={{
          value: current.pageSize,
          onChange: (size) => setParams({ size: size === 25 ? null : String(size) }),
        }}
        sort={{
          status: { columnAccessor: current.sort.field, direction: current.sort.direction },
          onChange: (status) => setParams({ sort: `${String(status.columnAccessor)}:${status.direction}` }),
        }}
        toolbar={
          <>
            <Group mb="sm" align="center" gap="md">
              <SegmentedControl
                aria-label="Whose claims"
                data={ASSIGNEE_VIEWS}
                value={current.view}
                onChange={(value) => setParams({ view: value === 'all' ? null : value })}
              />
              <Checkbox
                label="Flagged only"
                checked={current.flagged}
                onChange={(event) =>
                  // The status and order shown stay as they are (the flag alone changes their defaults).
                  setParams({
                    flagged: event.currentTarget.checked ? 'true' : null,
                    status: current.status ?? 'any',
                    sort: `${current.sort.field}:${current.sort.direction}`,
                  })
                }
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
            <Group mb="sm" align="flex-end" gap="sm" wrap="nowrap" role="group" aria-label="Claim filters">
              <TextInput
                label="Search"
                w={230}
                placeholder="ID number, member number or surname"
                value={searchText}
                onChange={(event) => setSearchText(event.currentTarget.value)}
              />
              <Select
                label="Status"
                w={140}
                clearable
                placeholder="Any status"
                data={CLAIM_STATUS_OPTIONS}
                value={current.status}
                onChange={(value) => setParams({ status: value ?? 'any' })}
              />
              <Select
                label="Fund"
                w={180}
                clearable
                searchable
                placeholder="Every fund"
                data={funds}
                value={current.fundId}
                onChange={(value) => setParams({ fund: value })}
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
              <Popover position="bottom-end" shadow="md" trapFocus>
                <Popover.Target>
                  <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} />}>
                    {moreFilters ? `More filters (${moreFilters})` : 'More filters'}
                  </Button>
                </Popover.Target>
                <Popover.Dropdown aria-label="More filters">
                  <Select
                    label="Age"
                    w={220}
                    clearable
                    placeholder="Any age"
                    data={AGE_OPTIONS}
                    value={current.olderThan}
                    onChange={(value) => setParams({ age: value })}
                    comboboxProps={{ withinPortal: false }}
                  />
                </Popover.Dropdown>
              </Popover>
            </Group>
          </>
        }
        rowHref={(claim) => `/claims/${claim.id}`}
        columns={[
          { accessor: 'id', title: 'Claim', width: 90, sortable: true },
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
            title: 'Amount (gross)',
            textAlign: 'right',
            sortable: true,
            render: (claim) => formatMoney(claim.amountCents),
          },
          { accessor: 'submittedAt', title: 'Submitted', sortable: true, render: (claim) => age(claim.submittedAt) },
          {
            accessor: 'riskFlagCount',
            title: 'Risk',
            width: 120,
            sortable: true,
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
