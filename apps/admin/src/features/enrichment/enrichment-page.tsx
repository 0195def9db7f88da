import type { FundResponse } from '@bcp/contract';
import { Select, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useOptions } from '../../lib/options';
import { useCan } from '../../lib/permissions';
import { EnrichmentRecords } from './enrichment-records';
import { EnrichmentRuns } from './enrichment-runs';
import { OutreachFunnel } from './outreach-funnel';

/**
 * Enrichment per fund (issue 20, decision 024): the fund's steps and each person's records
 * (filter by step and outcome, run again), the runs with their progress and cost, and the
 * outreach funnel (`outreach.read`).
 */
export default function EnrichmentPage() {
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name);
  const canSeeFunnel = useCan('outreach.read');
  const [chosen, setChosen] = useState<string | null>(null);
  const fundId = chosen ?? funds[0]?.value ?? null;
  return (
    <>
      <PageHeader title="Enrichment">
        <Select
          aria-label="Fund"
          w={280}
          searchable
          allowDeselect={false}
          placeholder="Choose a fund"
          data={funds}
          value={fundId}
          onChange={setChosen}
        />
      </PageHeader>
      {fundId ? (
        <Tabs defaultValue="records" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="records">Steps and records</Tabs.Tab>
            <Tabs.Tab value="runs">Runs</Tabs.Tab>
            {canSeeFunnel && <Tabs.Tab value="funnel">Outreach funnel</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="records">
            <EnrichmentRecords key={fundId} fundId={Number(fundId)} />
          </Tabs.Panel>
          <Tabs.Panel value="runs">
            <EnrichmentRuns key={fundId} fundId={Number(fundId)} />
          </Tabs.Panel>
          {canSeeFunnel && (
            <Tabs.Panel value="funnel">
              <Stack>
                <OutreachFunnel fundId={Number(fundId)} />
              </Stack>
            </Tabs.Panel>
          )}
        </Tabs>
      ) : (
        <Text c="dimmed">No funds yet.</Text>
      )}
    </>
  );
}
