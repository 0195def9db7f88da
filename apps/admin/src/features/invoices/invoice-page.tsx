import { CreditNoteRequest, type InvoiceResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { formatDate, formatDatesInText, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';
import { invoiceName, invoiceState } from './invoice-labels';
import { PdfViewer } from './pdf-viewer';

const INVALIDATE = ['v1/invoices'];

/** Crediting an issued invoice in full needs the reason (`POST invoices/{id}/credit-note`). */
function CreditModal(props: {
  invoice: InvoiceResponse;
  onClose: () => void;
  onDone: (note: InvoiceResponse) => void;
}) {
  const form = useForm({ initialValues: { reason: '' }, validate: schemaResolver(CreditNoteRequest, { sync: true }) });
  const submit = form.onSubmit(async (values) => {
    const note = await save(
      api.post<InvoiceResponse>(`v1/invoices/${props.invoice.id}/credit-note`, { json: values }),
      {
        done: 'Credit note issued.',
        invalidate: INVALIDATE,
        form,
      },
    );
    if (note) props.onDone(note);
  });
  return (
    <Modal opened onClose={props.onClose} title={`Credit ${invoiceName(props.invoice)}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">The whole invoice is credited by a credit note, issued at once.</Text>
          <Textarea label="Reason" required autosize minRows={3} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button type="submit" color="red" loading={form.submitting}>
              Issue credit note
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The invoice's lines (a paid claim's fees each) and totals. */
function Lines(props: { invoice: InvoiceResponse }) {
  const { invoice } = props;
  return (
    <Table withTableBorder aria-label="Invoice lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Description</Table.Th>
          <Table.Th scope="col">Claim</Table.Th>
          <Table.Th scope="col" ta="right">
            Amount (excl. VAT)
          </Table.Th>
          <Table.Th scope="col" ta="right">
            VAT
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoice.lines.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>{formatDatesInText(line.description)}</Table.Td>
            <Table.Td>{line.claimId ?? '—'}</Table.Td>
            <Table.Td ta="right">{formatMoney(line.amountCents)}</Table.Td>
            <Table.Td ta="right">{formatMoney(line.vatCents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {(
          [
            ['Subtotal', invoice.subtotalCents],
            ['VAT', invoice.vatCents],
            ['Total', invoice.totalCents],
          ] as const
        ).map(([label, cents]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" colSpan={3} ta="right">
              {label}
            </Table.Th>
            <Table.Td
              ta="right"
              fw={label === 'Total' ? 700 : undefined}
              data-testid={`invoice-${label.toLowerCase()}`}
            >
              {formatMoney(cents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tfoot>
    </Table>
  );
}

/**
 * One invoice or credit note (`GET invoices/{id}`): recipient, period, lines and totals; issue a
 * draft or delete it, open the PDF in place, credit an issued invoice. Only the actions the
 * user's permissions allow are shown.
 */
export default function InvoicePage() {
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const canWrite = useCan('invoices.write');
  const canIssue = useCan('invoices.issue');
  const [pdf, setPdf] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const invoice = useQuery({
    queryKey: ['v1/invoices', Number(id)],
    queryFn: () => unwrap(api.get<InvoiceResponse>(`v1/invoices/${id}`)),
  });
  if (invoice.isPending) return <Loader aria-label="Loading the invoice" />;
  if (invoice.error || !invoice.data)
    return (
      <Alert color="red" role="alert">
        Could not load this invoice. It may not exist; please try again.
      </Alert>
    );
  const data = invoice.data;
  const name = invoiceName(data);
  const state = invoiceState(data);
  const issue = () =>
    save(api.post<InvoiceResponse>(`v1/invoices/${data.id}/issue`), {
      done: 'Invoice issued.',
      invalidate: INVALIDATE,
    });
  const remove = async () => {
    if (await save(api.delete(`v1/invoices/${data.id}`), { done: 'Draft deleted.', invalidate: INVALIDATE }))
      navigate('/invoices');
  };
  return (
    <>
      <PageHeader title={data.kind === 'credit_note' ? `Credit note ${name}` : `Invoice ${name}`}>
        <Group>
          <Button variant="default" onClick={() => setPdf(true)}>
            Open PDF
          </Button>
          {data.status === 'draft' && canIssue && <Button onClick={issue}>Issue invoice</Button>}
          {data.status === 'draft' && canWrite && (
            <Button variant="subtle" color="red" onClick={remove}>
              Delete draft
            </Button>
          )}
          {data.status === 'issued' && data.kind === 'invoice' && !data.creditNoteId && canIssue && (
            <Button variant="default" onClick={() => setCrediting(true)}>
              Credit note
            </Button>
          )}
        </Group>
      </PageHeader>
      <Stack>
        <Group>
          <Badge size="lg" color={state.color} variant="light" data-testid="invoice-status">
            {state.label}
          </Badge>
          <Anchor component={Link} href="/invoices">
            All invoices
          </Anchor>
          {data.creditNoteId && (
            <Anchor component={Link} href={`/invoices/${data.creditNoteId}`}>
              Its credit note
            </Anchor>
          )}
          {data.creditedInvoiceId && (
            <Anchor component={Link} href={`/invoices/${data.creditedInvoiceId}`}>
              The invoice it credits
            </Anchor>
          )}
        </Group>
        {data.status === 'draft' && <Text c="dimmed">A draft is not a tax invoice until it is issued.</Text>}
        <SimpleGrid cols={3}>
          <Card withBorder>
            <Title order={2} size="h5">
              To
            </Title>
            <Text>{data.recipient.name}</Text>
            {data.recipient.address.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
            {data.recipient.vatNumber && <Text size="sm">VAT {data.recipient.vatNumber}</Text>}
          </Card>
          <Card withBorder>
            <Title order={2} size="h5">
              Fund and period
            </Title>
            <Text>{data.fund.name}</Text>
            <Text size="sm">
              {formatDate(data.periodFrom)} to {formatDate(data.periodTo)}
            </Text>
            <Text size="sm">Issued: {formatDate(data.issueDate, 'not yet')}</Text>
          </Card>
          <Card withBorder>
            <Title order={2} size="h5">
              Notes
            </Title>
            <Text size="sm">{data.creditReason ?? data.notes ?? '—'}</Text>
          </Card>
        </SimpleGrid>
        <Lines invoice={data} />
      </Stack>
      {pdf && <PdfViewer path={`v1/invoices/${data.id}/pdf`} title={`${name} (PDF)`} onClose={() => setPdf(false)} />}
      {crediting && (
        <CreditModal
          invoice={data}
          onClose={() => setCrediting(false)}
          onDone={(note) => {
            setCrediting(false);
            navigate(`/invoices/${note.id}`);
          }}
        />
      )}
    </>
  );
}
