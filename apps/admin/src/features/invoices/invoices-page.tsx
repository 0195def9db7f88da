import type { FundResponse, InvoiceSummaryResponse } from '@bcp/contract';
import { Badge, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ExportMenu } from '../../components/export-menu';
import { FilterSelect, ListTable, useServerList } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatMoney } from '../../lib/format';
import { filterQuery } from '../../lib/list-query';
import { useOptions } from '../../lib/options';
import { Can } from '../../lib/permissions';
import { DraftInvoiceModal } from './draft-invoice-modal';
import { invoiceName, invoiceState } from './invoice-labels';

/**
 * Tracing-fee invoices and credit notes (`GET invoices`): by fund, status and kind, search by
 * number; export with the same filters; "New draft" (`invoices.write`); a row opens the invoice.
 */
export default function InvoicesPage() {
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const [fundId, setFundId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [drafting, setDrafting] = useState(false);
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name);
  const filter = { fundId, status, kind };
  const list = useServerList<InvoiceSummaryResponse>({
    path: 'v1/invoices',
    defaultSort: { field: 'id', direction: 'desc' },
    q,
    filter,
  });
  return (
    <>
      <PageHeader title="Invoices">
        <Group>
          <ExportMenu
            path="v1/invoices/export"
            name="invoices"
            permission="invoices.read"
            query={filterQuery(filter, q.trim() ? { q: q.trim() } : {})}
          />
          <Can permission="invoices.write">
            <Button onClick={() => setDrafting(true)}>New draft</Button>
          </Can>
        </Group>
      </PageHeader>
      <ListTable<InvoiceSummaryResponse>
        list={list}
        label="Invoices"
        search={{ value: q, onChange: setQ, placeholder: 'Search by number' }}
        toolbar={
          <Group mb="sm">
            <FilterSelect
              label="Fund"
              placeholder="Any fund"
              data={funds}
              value={fundId}
              onChange={setFundId}
              list={list}
            />
            <FilterSelect
              label="Status"
              placeholder="Any status"
              data={[
                { value: 'draft', label: 'Drafts' },
                { value: 'issued', label: 'Issued' },
              ]}
              value={status}
              onChange={setStatus}
              list={list}
            />
            <FilterSelect
              label="Kind"
              placeholder="Invoices and credit notes"
              data={[
                { value: 'invoice', label: 'Invoices' },
                { value: 'credit_note', label: 'Credit notes' },
              ]}
              value={kind}
              onChange={setKind}
              list={list}
            />
          </Group>
        }
        rowHref={(invoice) => `/invoices/${invoice.id}`}
        columns={[
          { accessor: 'id', title: 'Number', sortable: true, render: (invoice) => invoiceName(invoice) },
          { accessor: 'fund', title: 'Fund', render: (invoice) => invoice.fund.name },
          {
            accessor: 'period',
            title: 'Period',
            render: (invoice) => `${formatDate(invoice.periodFrom)} to ${formatDate(invoice.periodTo)}`,
          },
          { accessor: 'issueDate', title: 'Issued', sortable: true, render: (invoice) => invoice.issueDate ?? '—' },
          {
            accessor: 'totalCents',
            title: 'Total (incl. VAT)',
            sortable: true,
            textAlign: 'right',
            render: (invoice) => formatMoney(invoice.totalCents),
          },
          {
            accessor: 'status',
            title: 'Status',
            render: (invoice) => {
              const state = invoiceState(invoice);
              return (
                <Badge color={state.color} variant="light">
                  {state.label}
                </Badge>
              );
            },
          },
        ]}
      />
      {drafting && (
        <DraftInvoiceModal
          onClose={() => setDrafting(false)}
          onCreated={(invoice) => navigate(`/invoices/${invoice.id}`)}
        />
      )}
    </>
  );
}
