import {
  CreditNoteRequest,
  ErrorResponse,
  IdParams,
  InvoiceCreateRequest,
  InvoiceExportQuery,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceResponse,
  InvoiceUpdateRequest,
  MessageResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { EXPORT_PRODUCES } from '../../platform/exports/table-export.js';
import { sendDownload } from '../../platform/http/download.js';
import {
  createDraftInvoice,
  creditInvoice,
  deleteDraftInvoice,
  exportInvoices,
  getInvoice,
  invoicePdf,
  issueInvoice,
  listInvoices,
  updateDraftInvoice,
} from './invoices.service.js';

const tags = ['invoices'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const read = { access: { area: 'admin', permission: 'invoices.read' } } as const;
const write = { access: { area: 'admin', permission: 'invoices.write' } } as const;
const issue = { access: { area: 'admin', permission: 'invoices.issue' } } as const;

/**
 * Tracing-fee invoices (spec 7 `/api/v1/invoices`; issue 18): list, export, one, a draft from the
 * fees of claims paid in a period, draft changes and deletes, issuing (numbered without gaps,
 * immutable), credit notes, and the PDF tax invoice.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const supplier = () => app.config.invoiceSupplier;

  app.get(
    '/invoices',
    {
      config: read,
      schema: {
        operationId: 'listInvoices',
        summary:
          'Invoices and credit notes, newest first: filter[fundId], filter[status], filter[kind]; q matches the number',
        tags,
        querystring: InvoiceListQuery,
        response: { 200: InvoiceListResponse, ...errors },
      },
    },
    async (request) => listInvoices(app.db, request.query),
  );

  app.get(
    '/invoices/export',
    {
      config: read,
      schema: {
        operationId: 'exportInvoices',
        summary: 'Export the invoices the list filters find, as CSV or XLSX (streamed; audited)',
        tags,
        querystring: InvoiceExportQuery,
        produces: EXPORT_PRODUCES,
        response: { 200: z.any().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      const file = exportInvoices(app.db, request.query, auditContext(request));
      return sendDownload(reply, { ...file, fileName: `invoices.${file.extension}` });
    },
  );

  app.get(
    '/invoices/:id',
    {
      config: read,
      schema: {
        operationId: 'getInvoice',
        summary: 'One invoice or credit note with its lines',
        tags,
        params: IdParams,
        response: { 200: InvoiceResponse, ...errors },
      },
    },
    async (request) => getInvoice(app.db, request.params.id),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: read,
      schema: {
        operationId: 'getInvoicePdf',
        summary: 'The invoice or credit note as a PDF tax document (a draft says it is not one); audited',
        tags,
        params: IdParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await invoicePdf(
        { db: app.db, supplier: supplier() },
        request.params.id,
        auditContext(request),
      );
      return sendDownload(reply, { contentType: 'application/pdf', fileName, content: pdf });
    },
  );

  app.post(
    '/invoices',
    {
      config: write,
      schema: {
        operationId: 'createInvoice',
        summary: "A draft invoice for a fund and period, from the fees of the fund's claims paid in it",
        description:
          'One line per claim paid in the period (South African days, both included) and not invoiced yet; 422 when there is none.',
        tags,
        body: InvoiceCreateRequest,
        response: { 201: InvoiceResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDraftInvoice(app.db, request.body, auditContext(request))),
  );

  app.patch(
    '/invoices/:id',
    {
      config: write,
      schema: {
        operationId: 'updateInvoice',
        summary: "Change a draft's period (rebuilds its lines), recipient or notes",
        description: '409 once issued: corrections are credit notes.',
        tags,
        params: IdParams,
        body: InvoiceUpdateRequest,
        response: { 200: InvoiceResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => updateDraftInvoice(app.db, request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/invoices/:id',
    {
      config: write,
      schema: {
        operationId: 'deleteInvoice',
        summary: 'Delete a draft (its claims may be invoiced again)',
        description: '409 once issued.',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => {
      await deleteDraftInvoice(app.db, request.params.id, auditContext(request));
      return { message: 'The draft invoice was deleted.' };
    },
  );

  app.post(
    '/invoices/:id/issue',
    {
      config: issue,
      schema: {
        operationId: 'issueInvoice',
        summary:
          'Issue a draft: the next number of its series (no gaps), the date, the supplier; immutable from then on',
        tags,
        params: IdParams,
        response: { 200: InvoiceResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => issueInvoice({ db: app.db, supplier: supplier() }, request.params.id, auditContext(request)),
  );

  app.post(
    '/invoices/:id/credit-note',
    {
      config: issue,
      schema: {
        operationId: 'creditInvoice',
        summary: 'Credit an issued invoice in full: a credit note (CN- series), issued at once with the reason',
        description:
          "409 for a draft, a credit note, or an invoice already credited. The invoice's claims may be invoiced again.",
        tags,
        params: IdParams,
        body: CreditNoteRequest,
        response: { 201: InvoiceResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await creditInvoice(
            { db: app.db, supplier: supplier() },
            request.params.id,
            request.body.reason,
            auditContext(request),
          ),
        ),
  );
};
