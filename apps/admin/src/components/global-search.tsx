import {
  GLOBAL_SEARCH_KINDS,
  type GlobalSearchHit,
  type GlobalSearchKind,
  type GlobalSearchResponse,
  LIST_LIMITS,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Group, Kbd, Loader, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../lib/api';

/** The search's own Spotlight (a store of its own, so another Spotlight could never open it). */
const [searchStore, search] = createSpotlight();

/** Each kind's heading and the page that opens one of its records. */
const KINDS: Record<
  GlobalSearchKind,
  { heading: string; path: (hit: GlobalSearchHit & { benefitId?: number }) => string }
> = {
  persons: { heading: 'Persons', path: (hit) => `/persons/${hit.benefitId ?? hit.id}` },
  claims: { heading: 'Claims', path: (hit) => `/claims/${hit.id}` },
  invoices: { heading: 'Invoices', path: (hit) => `/invoices/${hit.id}` },
  uploads: { heading: 'Uploads', path: (hit) => `/uploads/${hit.id}` },
};

/**
 * The back office's global search (issue 38 item 2; `GET /api/v1/search`): a search box in the
 * header that opens a search dialog (Mantine Spotlight), also with `/` or Ctrl+K (Cmd+K) when no
 * other field is being typed in. It finds persons (ID number, member number, surname), claims
 * (number), invoices (number) and uploads (file name), at most 5 of each under a heading, only the
 * kinds the user's permissions allow, ID numbers masked. Arrow keys move through the results,
 * Enter or a click opens the record's page.
 */
export function GlobalSearch() {
  const [query, setQuery] = useState('');
  const [term] = useDebouncedValue(query.trim(), 250);
  const [, navigate] = useLocation();
  const results = useQuery({
    queryKey: ['v1/search', term],
    queryFn: () => unwrap(api.get<GlobalSearchResponse>('v1/search', { query: { q: term } })),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = term.length > 0 ? results.data : undefined;
  const groups = GLOBAL_SEARCH_KINDS.flatMap((kind) => {
    const group = data?.[kind];
    return group && group.items.length > 0 ? [{ kind, ...group }] : [];
  });
  return (
    <>
      <UnstyledButton
        onClick={search.open}
        aria-label="Search persons, claims, invoices and uploads (/ or Ctrl+K)"
        aria-keyshortcuts="/ Control+K"
        w={240}
        px="sm"
        py={6}
        style={{ border: '1px solid var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <IconSearch size={16} aria-hidden />
            <Text size="sm" c="gray.7">
              Search…
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" aria-hidden>
            <Kbd size="xs">/</Kbd>
            <Kbd size="xs">Ctrl K</Kbd>
          </Group>
        </Group>
      </UnstyledButton>
      <Spotlight.Root
        store={searchStore}
        query={query}
        onQueryChange={setQuery}
        shortcut={['mod + K', '/']}
        scrollable
        maxHeight={480}
        size="lg"
        title="Search the back office"
      >
        <Spotlight.Search
          placeholder="ID number, member number, surname, claim, invoice or file name"
          aria-label="Search"
          maxLength={LIST_LIMITS.maxSearchLength}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={results.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
        />
        <Spotlight.ActionsList aria-label="Search results">
          {groups.map((group) => (
            <Spotlight.ActionsGroup key={group.kind}>
              {/* A real heading (the group's own label is CSS content, which is no heading). */}
              <Text component="h2" size="xs" fw={700} c="gray.7" tt="uppercase" px="md" pt="xs" pb={4} m={0}>
                {KINDS[group.kind].heading}
              </Text>
              {group.items.map((hit) => (
                <Spotlight.Action
                  key={`${group.kind}-${hit.id}-${'benefitId' in hit ? hit.benefitId : ''}`}
                  label={hit.label}
                  description={hit.description}
                  onClick={() => navigate(KINDS[group.kind].path(hit))}
                />
              ))}
              {group.more ? (
                <Text size="xs" c="gray.7" px="md" py={4}>
                  More {KINDS[group.kind].heading.toLowerCase()} match: type more of the term to narrow it.
                </Text>
              ) : null}
            </Spotlight.ActionsGroup>
          ))}
          {term.length === 0 ? (
            <Spotlight.Empty>
              Type an ID number, member number, surname, claim, invoice number or file name.
            </Spotlight.Empty>
          ) : results.isError ? (
            <Spotlight.Empty>The search could not be done. Please try again.</Spotlight.Empty>
          ) : data && groups.length === 0 ? (
            <Spotlight.Empty>Nothing found for “{data.q}”.</Spotlight.Empty>
          ) : null}
        </Spotlight.ActionsList>
      </Spotlight.Root>
    </>
  );
}
