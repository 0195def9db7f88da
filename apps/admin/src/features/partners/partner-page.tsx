import { PARTNER_KIND_LABELS, type PartnerResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Anchor, Button, Card, Loader, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { AuditTrail } from '../../components/audit-trail';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { Can, useCan } from '../../lib/permissions';
import { ApiKeys } from './api-keys';
import { PartnerFormModal } from './partner-form';
import { PartnerWebhooks } from './partner-webhooks';

/** One partner (`GET partners/{id}`): details (edit), API keys, audit trail, webhooks and their deliveries. */
export default function PartnerPage() {
  const { id } = useParams<{ id: string }>();
  const [editing, setEditing] = useState(false);
  const canAudits = useCan('audits.read');
  const partner = useQuery({
    queryKey: ['v1/partners', id],
    queryFn: () => unwrap(api.get<PartnerResponse>(`v1/partners/${id}`)),
  });
  if (partner.isPending) return <Loader aria-label="Loading the partner" />;
  if (!partner.data) {
    return (
      <Alert color="red" role="alert">
        This partner could not be loaded.
      </Alert>
    );
  }
  const data = partner.data;
  return (
    <Stack>
      <Anchor component={Link} href="/set-up/partners" size="sm">
        ← Partners
      </Anchor>
      <PageHeader title={data.name}>
        <Can permission="partners.write">
          <Button onClick={() => setEditing(true)}>Edit partner</Button>
        </Can>
      </PageHeader>
      <Card withBorder>
        <SimpleGrid cols={3}>
          <Text>
            <Text span c="dimmed" size="sm" display="block">
              Kind
            </Text>
            {PARTNER_KIND_LABELS[data.kind]}
          </Text>
          <Text>
            <Text span c="dimmed" size="sm" display="block">
              Contact
            </Text>
            {[data.contactName, data.contactEmail, data.contactPhone].filter(Boolean).join(', ') || '—'}
          </Text>
          <Text>
            <Text span c="dimmed" size="sm" display="block">
              Funds
            </Text>
            {data.funds.map((fund) => fund.name).join(', ') || '—'}
          </Text>
        </SimpleGrid>
      </Card>
      <Tabs defaultValue="keys" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="keys">API keys</Tabs.Tab>
          {canAudits && <Tabs.Tab value="audits">Audit trail</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="keys">
          <ApiKeys partnerId={data.id} />
        </Tabs.Panel>
        {canAudits && (
          <Tabs.Panel value="audits">
            <AuditTrail path={`v1/partners/${data.id}/audits`} />
          </Tabs.Panel>
        )}
      </Tabs>
      <PartnerWebhooks partnerId={data.id} />
      {editing && <PartnerFormModal partner={data} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
