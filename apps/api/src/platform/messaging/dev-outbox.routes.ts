import { ErrorResponse, formatReferenceCode, zRequiredString } from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { DEMO_PARTNER_KEY_FILE, readDemoPartnerKey } from './demo-partner-key.js';
import { findLatestOtp, listOutboxMessages } from './dev-outbox.service.js';
import { renderOutboxPage } from './dev-outbox-page.js';

const DestinationFilter = z.object({
  destination: z.string().trim().max(320).optional(),
});

const OtpQuery = z.object({
  destination: zRequiredString().max(320),
});

const OtpResponse = z.object({
  otp: z.string().describe('The 6-digit code'),
  referenceCode: z.string().nullable().describe("The message's reference code (`ABCD-EFGH`), as delivered"),
  createdAt: z.string().describe('When the message was recorded (ISO 8601, UTC)'),
});

/**
 * Development-only outbox viewer (register with prefix `/api`). Registers nothing when
 * `config.env` is `production`, so both paths answer 404 there.
 * - `GET /api/dev/outbox[?destination=]`: HTML page of the latest 50 messages, newest first, below
 *   the demo partner's API key when the demo data wrote one (`<DATA_DIR>/demo-partner-key.txt`);
 * - `GET /api/dev/otp?destination=<email or E.164>`: 200 `{ otp, referenceCode, createdAt }` from the newest
 *   `otp.*` message to that destination; 404 `{ message }` when there is none.
 * A `+` sent unencoded in `destination` (read as a space) is understood.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env === 'production') return;

  app.get(
    '/dev/outbox',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'listDevOutbox',
        summary: 'Development only: the latest 50 outbound messages as an HTML page',
        tags: ['development'],
        querystring: DestinationFilter,
        response: { 200: { description: 'The outbox page', content: { 'text/html': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const destination = request.query.destination || undefined;
      const messages = await listOutboxMessages(app.db, { destination });
      const key = await readDemoPartnerKey(app.config.dataDir);
      const demoPartnerKey = key === undefined ? undefined : { key, file: DEMO_PARTNER_KEY_FILE };
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderOutboxPage(messages, destination, demoPartnerKey));
    },
  );

  app.get(
    '/dev/otp',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getDevOtp',
        summary: 'Development only: the code of the newest one-time PIN message to a destination',
        tags: ['development'],
        querystring: OtpQuery,
        response: { 200: OtpResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const found = await findLatestOtp(app.db, request.query.destination);
      if (!found) throw new AppError('not_found', 'No one-time PIN was sent to this destination.');
      reply.header('cache-control', 'no-store');
      return {
        otp: found.otp,
        referenceCode: found.referenceCode === null ? null : formatReferenceCode(found.referenceCode),
        createdAt: found.createdAt.toISOString(),
      };
    },
  );
};
