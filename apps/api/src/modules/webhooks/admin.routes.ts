import {
  ErrorResponse,
  IdParams,
  PartnerWebhookDeliveryParams,
  PartnerWebhookParams,
  StaffWebhookListResponse,
  WebhookDeliveryListQuery,
  WebhookDeliveryListResponse,
  WebhookDeliveryResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { findPartner } from '../partners/index.js';
import { endpointForStaff, listPartnerWebhooksForStaff, listWebhookDeliveries } from './webhook-endpoints.service.js';
import { redeliverWebhookDelivery } from './webhook-redelivery.service.js';

const tags = ['partners'];
const read = { access: { area: 'admin', permission: 'partners.read' } } as const;
const redeliver = { access: { area: 'admin', permission: 'webhooks.redeliver' } } as const;
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

/**
 * Staff's view of partners' webhooks (issue 26 item 3): endpoints and delivery logs (`partners.read`),
 * and sending a failed delivery again (issue 38 item 5, `webhooks.redeliver`).
 */
export const adminWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners/:id/webhooks',
    {
      config: read,
      schema: {
        operationId: 'listPartnerWebhooks',
        summary: "A partner's webhook endpoints, deleted ones included with deletedAt (never their secrets)",
        tags,
        params: IdParams,
        response: { 200: StaffWebhookListResponse, ...errors },
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

  app.post(
    '/partners/:id/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    {
      config: redeliver,
      schema: {
        operationId: 'redeliverPartnerWebhookDelivery',
        summary:
          'Send a failed delivery again with the same webhook-id (queued: 202, the delivery now pending); audited. ' +
          '404 when the delivery is not of this partner and endpoint; 409 when it is not failed or the endpoint was deleted',
        tags,
        params: PartnerWebhookDeliveryParams,
        response: { 202: WebhookDeliveryResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id, webhookId, deliveryId } = request.params;
      const delivery = await redeliverWebhookDelivery(
        app,
        { partnerId: id, webhookId, deliveryId },
        auditContext(request),
      );
      return reply.status(202).send(delivery);
    },
  );
};
