import {
  CreatedWebhookResponse,
  CreateWebhookRequest,
  ErrorResponse,
  IdParams,
  MessageResponse,
  RotateWebhookRequest,
  WEBHOOK_ENDPOINTS_PER_PARTNER,
  WebhookDeliveryListQuery,
  WebhookDeliveryListResponse,
  WebhookDeliveryParams,
  WebhookDeliveryResponse,
  WebhookListResponse,
} from '@bcp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePartner } from '../../platform/auth/route-access.js';
import { partnerThrottles } from '../../platform/http/rate-limit.js';
import { partnerAuditContext } from '../partners/index.js';
import { describeRetrySchedule } from './retry-schedule.js';
import { sendTestEvent } from './webhook-deliveries.service.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  partnersEndpoint,
  rotateWebhook,
  type WebhookSettings,
} from './webhook-endpoints.service.js';
import { redeliverWebhookDelivery } from './webhook-redelivery.service.js';

const tags = ['partner API'];
const partner = { access: { area: 'partner' }, throttle: partnerThrottles() } as const;
const errors = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };

function settings(app: FastifyInstance): WebhookSettings {
  return { db: app.db, appSecret: app.config.appSecret as string, allowHttp: app.config.webhooks.allowHttp };
}

/** The calling partner as the audit trail names it. */
const audit = (request: FastifyRequest) => partnerAuditContext(requirePartner(request), request.ip);

/**
 * Signed webhooks for partners (issue 26 item 3, decision 030), on the partner API with its own
 * key: register an endpoint for chosen events, rotate its secret, send a test event, read the
 * delivery log, send a failed delivery again (issue 39 item 3). Only the calling partner's
 * endpoints; any other id is 404.
 */
export const partnerWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/webhooks',
    {
      config: partner,
      schema: {
        operationId: 'listWebhooks',
        summary: "The partner's webhook endpoints (never their secrets)",
        tags,
        response: { 200: WebhookListResponse, ...errors },
      },
    },
    async (request) => listWebhooks(app.db, requirePartner(request).partnerId),
  );

  app.post(
    '/webhooks',
    {
      config: partner,
      schema: {
        operationId: 'createWebhook',
        summary: 'Register an https:// endpoint for chosen events: the answer shows the signing secret once',
        description: `Deliveries are signed with Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`). The host must be a public address (422 otherwise; checked again at every delivery, after DNS). At most ${WEBHOOK_ENDPOINTS_PER_PARTNER} live endpoints per partner (409 beyond).`,
        tags,
        body: CreateWebhookRequest,
        response: { 201: CreatedWebhookResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await createWebhook(settings(app), requirePartner(request).partnerId, request.body, audit(request))),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: partner,
      schema: {
        operationId: 'deleteWebhook',
        summary: 'Stop sending to an endpoint',
        tags,
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteWebhook(app.db, requirePartner(request).partnerId, request.params.id, audit(request));
      return { message: 'The webhook was deleted.' };
    },
  );

  app.post(
    '/webhooks/:id/rotate',
    {
      config: partner,
      schema: {
        operationId: 'rotateWebhook',
        summary: 'A new signing secret, shown once; the old one also signs for overlapHours (default 24)',
        description:
          'During the overlap every delivery carries two signatures, one per secret. The answer says when the old ' +
          'secret stops signing (`previousSecretExpiresAt`, and in `message`); with `overlapHours` 0 it stopped at once ' +
          '(`previousSecretExpiresAt` null).',
        tags,
        params: IdParams,
        body: RotateWebhookRequest,
        response: { 201: CreatedWebhookResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(
          await rotateWebhook(
            settings(app),
            requirePartner(request).partnerId,
            request.params.id,
            request.body,
            audit(request),
          ),
        ),
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: partner,
      schema: {
        operationId: 'testWebhook',
        summary: 'Send a webhook.test event to the endpoint now (logged and retried like any delivery)',
        description: describeRetrySchedule(app.config.webhooks),
        tags,
        params: IdParams,
        response: { 202: WebhookDeliveryResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendTestEvent(app, requirePartner(request).partnerId, request.params.id)),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: partner,
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: "An endpoint's delivery log: status, attempts, last response code and latency; newest first",
        tags,
        params: IdParams,
        querystring: WebhookDeliveryListQuery,
        response: { 200: WebhookDeliveryListResponse, ...errors },
      },
    },
    async (request) => {
      const endpoint = await partnersEndpoint(app.db, requirePartner(request).partnerId, request.params.id);
      return listWebhookDeliveries(app.db, endpoint.id, request.query);
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: partner,
      schema: {
        operationId: 'redeliverWebhookDelivery',
        summary:
          'Send a failed delivery again with the same webhook-id (queued: 202, the delivery now pending); audited',
        description:
          'The same payload and `webhook-id` (drop it if you already processed it), signed afresh with the ' +
          "endpoint's current secrets, and retried like a new delivery. 404 when the endpoint or the delivery is not " +
          'yours; 409 when the delivery is not `failed` (pending, delivered, or already sent again) or the endpoint ' +
          'was deleted.',
        tags,
        params: WebhookDeliveryParams,
        response: { 202: WebhookDeliveryResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const target = {
        partnerId: requirePartner(request).partnerId,
        webhookId: request.params.id,
        deliveryId: request.params.deliveryId,
      };
      return reply.status(202).send(await redeliverWebhookDelivery(app, target, audit(request)));
    },
  );
};
