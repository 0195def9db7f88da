import {
  type ListResponse,
  type StaffWebhookResponse,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryResponse,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Badge, Button, Card, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { FilterSelect, ListTable, StatusBadge, useServerList } from '../../components/list-table';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';

/** Milliseconds between reloads of a delivery log while one of its rows is still being sent. */
const PENDING_RELOAD_MS = 2000;

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const eventLabel = (event: string) => WEBHOOK_EVENT_LABELS[event as keyof typeof WEBHOOK_EVENT_LABELS] ?? event;
const STATUS_COLOURS = { pending: 'blue', delivered: 'teal', failed: 'red' } as const;
const STATUS_OPTIONS = WEBHOOK_DELIVERY_STATUSES.map((status) => ({
  value: status,
  label: WEBHOOK_DELIVERY_STATUS_LABELS[status],
}));

/** Asks before sending a failed delivery again; tells what will happen (same `webhook-id`). */
/** One fact of an endpoint's card: its label dimmed, then its value ("Created: 27 Nov 2026, 12:06"). */
function Fact(props: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {props.label}:{' '}
      </Text>
      {props.children}
    </Text>
  );
}

function RedeliverModal(props: { delivery: WebhookDeliveryResponse; path: string; onClose: () => void }) {
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    setSending(true);
    const done = await save(api.post<WebhookDeliveryResponse>(`${props.path}/${props.delivery.id}/redeliver`), {
      done: WEBHOOK_MESSAGES.redelivered,
      invalidate: [props.path],
    });
    setSending(false);
    if (done) props.onClose();
  };
  return (
    <Modal opened onClose={props.onClose} title="Redeliver this webhook message?">
      <Stack>
        <Text>
          {eventLabel(props.delivery.eventType)} of {when(props.delivery.createdAt)} will be sent again to the partner's
          endpoint, with the same webhook-id (<Code>{props.delivery.messageId}</Code>), so the partner can tell it is
          the same message. The action is recorded in the audit trail.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={sending}>
            Redeliver
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * One endpoint's delivery log (`GET partners/{id}/webhooks/{webhookId}/deliveries`, newest first):
 * event, status, attempts, last response code, latency and time, filterable by status; reloads
 * itself while a row is being sent. Failed rows have "Redeliver" for holders of `webhooks.redeliver`.
 */
function DeliveryLog(props: { partnerId: number; endpoint: StaffWebhookResponse }) {
  const path = `v1/partners/${props.partnerId}/webhooks/${props.endpoint.id}/deliveries`;
  const canRedeliver = useCan('webhooks.redeliver');
  const [status, setStatus] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<WebhookDeliveryResponse | null>(null);
  const list = useServerList<WebhookDeliveryResponse>({
    path,
    defaultSort: { field: 'id', direction: 'desc' },
    filter: { status },
  });
  const { refetch } = list.result;
  const sending = list.result.data?.items.some((delivery) => delivery.status === 'pending') ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void refetch(), PENDING_RELOAD_MS);
    return () => clearInterval(timer);
  }, [sending, refetch]);
  const label = `Deliveries to ${props.endpoint.url}`;
  return (
    <>
      <ListTable<WebhookDeliveryResponse>
        list={list}
        label={label}
        toolbar={
          <Group mb="sm">
            <FilterSelect
              label={`Status of deliveries to ${props.endpoint.url}`}
              placeholder="Any status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={setStatus}
              list={list}
            />
          </Group>
        }
        columns={[
          { accessor: 'eventType', title: 'Event', render: (delivery) => eventLabel(delivery.eventType) },
          {
            accessor: 'status',
            title: 'Status',
            render: (delivery) => (
              <Badge color={STATUS_COLOURS[delivery.status]} variant="light">
                {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
              </Badge>
            ),
          },
          { accessor: 'attempts', title: 'Attempts', textAlign: 'right' },
          {
            accessor: 'lastResponseCode',
            title: 'Last response',
            render: (delivery) =>
              delivery.lastResponseCode === null ? (delivery.lastError ?? '—') : `HTTP ${delivery.lastResponseCode}`,
          },
          {
            accessor: 'lastLatencyMs',
            title: 'Latency',
            textAlign: 'right',
            render: (delivery) => (delivery.lastLatencyMs === null ? '—' : `${delivery.lastLatencyMs} ms`),
          },
          {
            accessor: 'lastAttemptAt',
            title: 'Time',
            render: (delivery) => when(delivery.lastAttemptAt ?? delivery.createdAt),
          },
          {
            accessor: 'actions',
            title: 'Actions',
            render: (delivery) =>
              canRedeliver && delivery.status === 'failed' && !props.endpoint.deletedAt ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => setConfirming(delivery)}
                  aria-label={`Redeliver ${eventLabel(delivery.eventType)} ${delivery.id}`}
                >
                  Redeliver
                </Button>
              ) : null,
          },
        ]}
      />
      {confirming && <RedeliverModal delivery={confirming} path={path} onClose={() => setConfirming(null)} />}
    </>
  );
}

/**
 * A partner's webhooks for staff (issue 38 item 5; `partners.read`): each endpoint the partner
 * registered through the partner API (URL, events, whether it is still sent to, created), deleted
 * ones too, each with its delivery log. Nothing is shown without `partners.read`.
 */
export function PartnerWebhooks(props: { partnerId: number }) {
  const canRead = useCan('partners.read');
  const path = `v1/partners/${props.partnerId}/webhooks`;
  const endpoints = useQuery({
    queryKey: [path],
    queryFn: () => unwrap(api.get<ListResponse<StaffWebhookResponse>>(path)),
    enabled: canRead,
  });
  if (!canRead) return null;
  const items = endpoints.data?.items ?? [];
  return (
    <Stack component="section" aria-labelledby="partner-webhooks-title">
      <Title order={2} id="partner-webhooks-title" size="h3">
        Webhooks
      </Title>
      {endpoints.error && (
        <Text c="red" role="alert">
          The webhooks could not be loaded. Please try again.
        </Text>
      )}
      {endpoints.isSuccess && items.length === 0 && (
        <Text c="dimmed">This partner has registered no webhook endpoints through the partner API.</Text>
      )}
      {items.map((endpoint) => (
        <Card withBorder key={endpoint.id} component="article" aria-label={`Webhook ${endpoint.url}`}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {endpoint.url}
              </Text>
              <StatusBadge on={!endpoint.deletedAt} yes="enabled" no="deleted" />
            </Group>
            <Group gap="xl">
              <Fact label="Events">{endpoint.events.map(eventLabel).join(', ')}</Fact>
              <Fact label="Created">{when(endpoint.createdAt)}</Fact>
              {endpoint.deletedAt && <Fact label="Deleted">{when(endpoint.deletedAt)}</Fact>}
            </Group>
            <DeliveryLog partnerId={props.partnerId} endpoint={endpoint} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
