import {
  ErrorResponse,
  IdParams,
  PartnerWebhookParams,
  WebhookDeliveryListQuery,
  WebhookDeliveryListResponse,
  WebhookListResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findPartner } from '../partners/index.js';
import { endpointForStaff, listPartnerWebhooksForStaff, listWebhookDeliveries } from './webhook-endpoints.service.js';

const tags = ['partners'];
const read = { access: { area: 'admin', permission: 'partners.read' } } as const;
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

/** Staff's view of partners' webhooks (issue 26 item 3): endpoints and delivery logs, read only. */
export const adminWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners/:id/webhooks',
    {
      config: read,
      schema: {
        operationId: 'listPartnerWebhooks',
        summary: "A partner's webhook endpoints, deleted ones included (never their secrets)",
        tags,
        params: IdParams,
        response: { 200: WebhookListResponse, ...errors },
      },
    },
    async (request) => {
      await findPartner(app.db, request.params.id);
      return listPartnerWebhooksForStaff(app.db, request.params.id);
    },
  );

  app.get(
    '/partners/:id/webhooks/:webhookId/deliveries',
    {
      config: read,
      schema: {
        operationId: 'listPartnerWebhookDeliveries',
        summary: "A partner endpoint's delivery log: status, attempts, last response code and latency",
        tags,
        params: PartnerWebhookParams,
        querystring: WebhookDeliveryListQuery,
        response: { 200: WebhookDeliveryListResponse, ...errors },
      },
    },
    async (request) => {
      const endpoint = await endpointForStaff(app.db, request.params.id, request.params.webhookId);
      return listWebhookDeliveries(app.db, endpoint.id, request.query);
    },
  );
};
