import { FAST_TRACK_MESSAGES, FUND_STATUS_LABELS, type FundResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { AuditTrail } from '../../components/audit-trail';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { Can, useCan } from '../../lib/permissions';
import { FeesTab } from './fees-tab';
import { FundFormModal } from './fund-form';
import { ProcessStepsTab } from './process-steps-tab';

function Detail(props: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text>{props.value || '—'}</Text>
    </div>
  );
}

/**
 * One fund (`GET funds/{id}`): its details (edit, archive), fees with the payout preview, process
 * steps and audit trail, each tab as the user's permissions allow.
 */
export default function FundPage() {
  const { id } = useParams<{ id: string }>();
  const [editing, { open, close }] = useDisclosure(false);
  const canFees = useCan('fees.read');
  const canSteps = useCan('process-steps.read');
  const canAudits = useCan('audits.read');
  const fund = useQuery({
    queryKey: ['v1/funds', id],
    queryFn: () => unwrap(api.get<FundResponse>(`v1/funds/${id}`)),
  });
  if (fund.isPending) return <Loader aria-label="Loading the fund" />;
  if (!fund.data) {
    return (
      <Alert color="red" role="alert">
        This fund could not be loaded.{' '}
        <Anchor component={Link} href="/set-up/funds">
          Back to funds
        </Anchor>
      </Alert>
    );
  }
  const data = fund.data;
  return (
    <Stack>
      <Anchor component={Link} href="/set-up/funds" size="sm">
        ← Funds
      </Anchor>
      <PageHeader title={data.name}>
        <Can permission="funds.write">
          <Button onClick={open}>Edit fund</Button>
        </Can>
      </PageHeader>
      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          {canFees && <Tabs.Tab value="fees">Fees</Tabs.Tab>}
          {canSteps && <Tabs.Tab value="steps">Process steps</Tabs.Tab>}
          {canAudits && <Tabs.Tab value="audits">Audit trail</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="details">
          <Card withBorder>
            <SimpleGrid cols={3}>
              <Detail label="Registration number" value={data.registrationNumber} />
              <Detail label="Fund type" value={data.fundType?.name} />
              <Detail label="Administrator" value={data.administrator?.name} />
              <Detail label="Contact name" value={data.contactName} />
              <Detail label="Contact email" value={data.contactEmail} />
              <Detail label="Contact phone" value={data.contactPhone} />
              <div>
                <Text size="sm" c="dimmed">
                  Status
                </Text>
                <Badge color={data.status === 'active' ? 'teal' : 'gray'} variant="light">
                  {FUND_STATUS_LABELS[data.status]}
                </Badge>
              </div>
              <Detail label="Benefits" value={String(data.benefitCount)} />
              <Detail
                label="Fast track"
                value={
                  data.fastTrackThresholdCents !== null && data.fastTrackDays !== null
                    ? `Up to ${formatMoney(data.fastTrackThresholdCents)}. ${FAST_TRACK_MESSAGES.promise(data.fastTrackDays)}`
                    : 'None'
                }
              />
              <Detail
                label="Second approval"
                value={
                  data.secondApprovalThresholdCents !== null
                    ? `Two people approve claims over ${formatMoney(data.secondApprovalThresholdCents)}`
                    : 'One approval suffices'
                }
              />
              <div>
                <Text size="sm" c="dimmed">
                  Tags
                </Text>
                <Group gap={4}>
                  {data.tags.length === 0 ? '—' : data.tags.map((tag) => <Badge key={tag}>{tag}</Badge>)}
                </Group>
              </div>
            </SimpleGrid>
          </Card>
        </Tabs.Panel>
        {canFees && (
          <Tabs.Panel value="fees">
            <FeesTab fundId={data.id} />
          </Tabs.Panel>
        )}
        {canSteps && (
          <Tabs.Panel value="steps">
            <ProcessStepsTab fundId={data.id} />
          </Tabs.Panel>
        )}
        {canAudits && (
          <Tabs.Panel value="audits">
            <AuditTrail path={`v1/funds/${data.id}/audits`} />
          </Tabs.Panel>
        )}
      </Tabs>
      {editing && <FundFormModal fund={data} opened onClose={close} />}
    </Stack>
  );
}
