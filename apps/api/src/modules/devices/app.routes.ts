import { DeviceRemoveRequest, DeviceRemoveResponse, DeviceRequest, DeviceResponse, ErrorResponse } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import { perIp } from '../../platform/http/rate-limit.js';
import { removeDevice, toDeviceResponse, upsertDevice } from './devices.service.js';

const tags = ['notifications'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const access = { area: 'beneficiary' } as const;

/**
 * Push devices of the signed-in member, under prefix `/api/app` (spec 7 `POST firebase/device`;
 * issue 5): register (idempotent upsert, only for yourself) and remove.
 */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/firebase/device',
    {
      config: { access, throttle: perIp(60, '1 hour') },
      schema: {
        operationId: 'registerMyDevice',
        summary: 'Register this device for push (idempotent; the same token again refreshes it)',
        description:
          'Body `personUserId` (your own), `source` APP (FCM registration token) or WEB (a ' +
          '`PushSubscription.toJSON()` as a JSON string), `token`, optional `previousToken` to replace. ' +
          '200 with the device; 403 for another person user; 422 for a bad token.',
        tags,
        body: DeviceRequest,
        response: { 200: DeviceResponse, ...errors },
      },
    },
    async (request) => {
      const caller = requireBeneficiary(request);
      return toDeviceResponse(await upsertDevice(app.db, caller.personUserId, request.body));
    },
  );

  app.delete(
    '/firebase/device',
    {
      config: { access },
      schema: {
        operationId: 'deleteMyDevice',
        summary: 'Forget one of your push tokens (unsubscribe, logout); idempotent',
        tags,
        body: DeviceRemoveRequest,
        response: { 200: DeviceRemoveResponse, ...errors },
      },
    },
    async (request) => {
      const caller = requireBeneficiary(request);
      return { removed: await removeDevice(app.db, caller.personUserId, request.body.token) };
    },
  );
};
