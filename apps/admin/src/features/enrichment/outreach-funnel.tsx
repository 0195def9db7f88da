import type { OutreachFunnelResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Card, Loader, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The funnel's stages, in order, as the issue names them. */
const STAGES = [
  ['traced', 'Traced'],
  ['invited', 'Invited'],
  ['optedOut', 'Opted out'],
  ['signedUp', 'Signed up'],
  ['claimed', 'Claimed'],
  ['paid', 'Paid'],
] as const;

/**
 * A fund's outreach funnel (`GET funds/{id}/outreach/funnel`): persons traced, invited, opted out,
 * signed up, claimed and paid, as a bar chart with the same figures in a table under it (what
 * screen readers and people who prefer numbers read).
 */
export function OutreachFunnel(props: { fundId: number }) {
  const funnel = useQuery({
    queryKey: ['v1/funds', props.fundId, 'outreach-funnel'],
    queryFn: () => unwrap(api.get<OutreachFunnelResponse>(`v1/funds/${props.fundId}/outreach/funnel`)),
  });
  if (funnel.isPending) return <Loader aria-label="Loading the funnel" />;
  if (funnel.error || !funnel.data)
    return (
      <Alert color="red" role="alert">
        Could not load the outreach funnel. Please try again.
      </Alert>
    );
  const data = funnel.data;
  const bars = STAGES.map(([key, label]) => ({ stage: label, Persons: data[key] }));
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        Outreach funnel
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Of {data.persons} persons with a benefit of this fund ({data.dependantsProcess} in the dependants’ process).
      </Text>
      <BarChart h={240} data={bars} dataKey="stage" series={[{ name: 'Persons', color: 'teal.7' }]} withBarValueLabel />
      <Table mt="md" withTableBorder aria-label="Outreach funnel" maw={420}>
        <Table.Tbody>
          {STAGES.map(([key, label]) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td ta="right" data-testid={`funnel-${key}`}>
                {data[key]}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
