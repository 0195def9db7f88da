import { CLAIM_STATUS_LABELS, CLAIM_STATUSES, type DashboardResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  Alert,
  Anchor,
  Card,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';

const STATUS_COLORS: Record<(typeof CLAIM_STATUSES)[number], string> = {
  draft: 'gray.6',
  submitted: 'blue.6',
  in_review: 'teal.6',
  information_requested: 'blue.8',
  approved: 'green.7',
  rejected: 'red.6',
  paid: 'teal.9',
};

/** One figure with its label (and an optional amount under it, or a link to the records behind it). */
function Figure(props: {
  label: string;
  value: number | string;
  detail?: string;
  warn?: boolean;
  link?: { href: string; text: string };
}) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text fz={28} fw={700} c={props.warn ? 'red.7' : undefined}>
        {props.value}
      </Text>
      {props.detail && <Text size="sm">{props.detail}</Text>}
      {props.link && (
        <Anchor component={Link} href={props.link.href} size="sm">
          {props.link.text}
        </Anchor>
      )}
    </Card>
  );
}

function ClaimsPart(props: { claims: NonNullable<DashboardResponse['claims']> }) {
  const { claims } = props;
  const donut = CLAIM_STATUSES.filter((status) => claims.byStatus[status] > 0).map((status) => ({
    name: CLAIM_STATUS_LABELS[status],
    value: claims.byStatus[status],
    color: STATUS_COLORS[status],
  }));
  const month = claims.thisMonth;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
        <Figure
          label="Waiting over 5 working days"
          value={claims.waitingOver5WorkingDays}
          warn={claims.waitingOver5WorkingDays > 0}
        />
        <Figure
          label="Waiting over 10 working days"
          value={claims.waitingOver10WorkingDays}
          warn={claims.waitingOver10WorkingDays > 0}
        />
        <Figure
          label="Flagged claims waiting"
          value={claims.flaggedOpen}
          warn={claims.flaggedOpen > 0}
          link={{ href: '/claims?flagged=true', text: 'See flagged claims' }}
        />
        <Figure
          label="Submitted this month"
          value={month.submitted.count}
          detail={formatMoney(month.submitted.amountCents)}
        />
        <Figure
          label="Approved this month"
          value={month.approved.count}
          detail={formatMoney(month.approved.amountCents)}
        />
        <Figure label="Paid this month" value={month.paid.count} detail={formatMoney(month.paid.amountCents)} />
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Claims by status
        </Title>
        <Group align="center" gap="xl">
          {donut.length > 0 ? (
            <DonutChart data={donut} withLabelsLine={false} size={160} thickness={28} />
          ) : (
            <Text c="dimmed">No claims yet.</Text>
          )}
          <List spacing={4} listStyleType="none">
            {CLAIM_STATUSES.map((status) => (
              <List.Item key={status}>
                {CLAIM_STATUS_LABELS[status]}: <strong>{claims.byStatus[status]}</strong>
              </List.Item>
            ))}
          </List>
        </Group>
      </Card>
    </Stack>
  );
}

function FundsPart(props: { funds: NonNullable<DashboardResponse['funds']> }) {
  if (props.funds.length === 0) return null;
  const data = props.funds.map((fund) => ({
    fund: fund.name,
    Found: fund.benefitsFound,
    Claimed: fund.benefitsClaimed,
  }));
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Benefits found and claimed per fund
      </Title>
      <BarChart
        h={Math.max(160, 48 * data.length)}
        data={data}
        dataKey="fund"
        orientation="vertical"
        yAxisProps={{ width: 180 }}
        series={[
          { name: 'Found', color: 'blue.6' },
          { name: 'Claimed', color: 'teal.7' },
        ]}
        withLegend
      />
      <VisuallyHidden>
        <table aria-label="Benefits per fund">
          <tbody>
            {props.funds.map((fund) => (
              <tr key={fund.fundId}>
                <th scope="row">{fund.name}</th>
                <td>
                  {fund.benefitsFound} found ({formatMoney(fund.amountFoundCents)}), {fund.benefitsClaimed} claimed (
                  {formatMoney(fund.amountClaimedCents)})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Card>
  );
}

/**
 * The first screen (issue 19): claims by status, claims waiting longer than 5 and 10 working days,
 * claims with a fraud or risk flag waiting for a decision (issue 36 item 3),
 * this month's submitted/approved/paid amounts, benefits found and claimed per fund, uploads waiting
 * for acceptance and my open tasks, each part as the user's permissions allow (`GET dashboard`).
 */
export default function DashboardPage() {
  const query = useQuery({
    queryKey: ['v1/dashboard'],
    queryFn: () => unwrap(api.get<DashboardResponse>('v1/dashboard')),
  });
  const data = query.data;
  return (
    <Stack>
      <PageHeader title="Dashboard" />
      {query.isPending && <Loader aria-label="Loading the dashboard" />}
      {query.isError && (
        <Alert color="red" role="alert">
          Could not load the dashboard. Please try again.
        </Alert>
      )}
      {data?.claims && <ClaimsPart claims={data.claims} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {data?.tasks && (
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              My open tasks: {data.tasks.open}
            </Title>
            {data.tasks.firstDue.length === 0 ? (
              <Text c="dimmed">Nothing waiting for you.</Text>
            ) : (
              <List spacing={4}>
                {data.tasks.firstDue.map((task) => (
                  <List.Item key={task.id}>
                    {task.title}
                    {task.dueDate ? ` (due ${formatDate(task.dueDate)})` : ''}
                  </List.Item>
                ))}
              </List>
            )}
            <Anchor component={Link} href="/tasks" mt="sm" display="block">
              All tasks
            </Anchor>
          </Card>
        )}
        {data?.uploads && <Figure label="Uploads waiting for acceptance" value={data.uploads.awaitingAcceptance} />}
      </SimpleGrid>
      {data?.funds && <FundsPart funds={data.funds} />}
    </Stack>
  );
}
