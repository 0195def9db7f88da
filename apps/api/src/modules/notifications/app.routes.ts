import {
  ErrorResponse,
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  NotificationListQuery,
  NotificationResponse,
  NotificationTotalQuery,
  WebPushKeyResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import { AppError } from '../../platform/errors/app-error.js';
import { ownPersonUserId, PersonUserIdParams } from '../person-users/index.js';
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
  toNotificationResponse,
} from './notifications.service.js';

const tags = ['notifications'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const access = { area: 'beneficiary' } as const;
/**
 * The Activities calls, under prefix `/api/app` (spec 7 `firebase/*`, spec 2 "Notifications" dialog;
 * issue 5): the list, the unread total, marking read, and the VAPID key browsers subscribe with.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/firebase/:id/notification',
    {
      config: { access },
      schema: {
        operationId: 'listMyNotifications',
        summary: "The member's notifications",
        description:
          '`{id}` and `personUserId` must be your own person user id (else 404). `sort[]=<field>:<asc|desc>` ' +
          '(bracket array; fields id, createdAt, readAt, title; default `id:desc`), `limit` 1..200 (default 100).',
        tags,
        params: PersonUserIdParams,
        querystring: NotificationListQuery,
        response: { 200: z.array(NotificationResponse), ...errors },
      },
    },
    async (request) => {
      const caller = requireBeneficiary(request);
      const personUserId = ownPersonUserId(caller.personUserId, request.params.id, request.query.personUserId);
      const rows = await listNotifications(app.db, personUserId, request.query);
      return rows.map(toNotificationResponse);
    },
  );

  app.get(
    '/firebase/notification-total',
    {
      config: { access },
      schema: {
        operationId: 'getMyUnreadNotificationTotal',
        summary: "The member's unread notification total (the Activities badge)",
        description: '`personUserId`, when given, must be your own (else 404). Answers a number.',
        tags,
        querystring: NotificationTotalQuery,
        response: { 200: z.number().int(), ...errors },
      },
    },
    async (request) => {
      const caller = requireBeneficiary(request);
      return countUnreadNotifications(app.db, ownPersonUserId(caller.personUserId, request.query.personUserId));
    },
  );

  app.put(
    '/firebase/notification/read',
    {
      config: { access },
      schema: {
        operationId: 'markMyNotificationsRead',
        summary: 'Mark the notifications the Activities dialog showed as read (idempotent)',
        description: 'Ids that are not yours, or already read, are left alone. Answers the new unread total.',
        tags,
        body: MarkNotificationsReadRequest,
        response: { 200: MarkNotificationsReadResponse, ...errors },
      },
    },
    async (request) => {
      const caller = requireBeneficiary(request);
      const updated = await markNotificationsRead(app.db, caller.personUserId, request.body.ids);
      return { updated, total: await countUnreadNotifications(app.db, caller.personUserId) };
    },
  );

  app.get(
    '/firebase/web-push-key',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getWebPushKey',
        summary: 'The VAPID public key browsers subscribe to web push with',
        description: '503 when web push is not configured (production without VAPID keys).',
        tags,
        response: { 200: WebPushKeyResponse, 503: ErrorResponse },
      },
    },
    async () => {
      const publicKey = app.push.vapidPublicKey;
      if (!publicKey)
        throw new AppError('unavailable', 'Web push is not configured.', undefined, { code: 'push_not_configured' });
      return { publicKey };
    },
  );
};
