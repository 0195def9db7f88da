import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import type { LiveEvent } from '../../platform/live/live-hub.js';
import { listNotificationsAfter, toNotificationResponse } from './notifications.service.js';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** A stream ends after 10 minutes; the app reconnects, which checks the session again. */
const MAX_STREAM_MS = 10 * 60_000;
/** Milliseconds the browser waits before reconnecting (SSE `retry`). */
const RECONNECT_MS = 3_000;

function writeEvent(raw: ServerResponse, event: LiveEvent): void {
  raw.write(`${event.id ? `id: ${event.id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
}

/**
 * Live updates while the app is open (issue 5), under prefix `/api/app`:
 * `GET /api/app/firebase/live` with the member's bearer token answers a Server-Sent Events stream
 * of `event: notification` (data: `NotificationResponse`, id: the notification id). After a
 * reconnect with `Last-Event-ID`, the notifications missed since that id are sent first (at most
 * 50); a notification is sent at most once per stream. Ends after 10 minutes (the client reconnects) and when the server closes.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const raw of open) raw.end();
  });

  app.get(
    '/firebase/live',
    {
      config: { access: { area: 'beneficiary' } },
      schema: {
        operationId: 'streamMyNotifications',
        summary: 'Live notifications of the signed-in member (Server-Sent Events)',
        description:
          '`text/event-stream`: `event: notification`, `id: <notification id>`, `data: NotificationResponse`. ' +
          'Send `Last-Event-ID` after a reconnect to receive what was missed.',
        tags: ['notifications'],
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const caller = requireBeneficiary(request);
      const lastEventId = Number(request.headers['last-event-id']);
      const missed =
        Number.isSafeInteger(lastEventId) && lastEventId > 0
          ? await listNotificationsAfter(app.db, caller.personUserId, lastEventId, 50)
          : [];
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      // Live events come from a job, so one may arrive for a notification just sent as missed: it
      // is not sent twice. (Live events of one member may arrive out of id order.)
      const sentAsMissed = new Set<string>();
      for (const row of missed) {
        writeEvent(raw, { type: 'notification', id: String(row.id), data: toNotificationResponse(row) });
        sentAsMissed.add(String(row.id));
      }
      open.add(raw);
      const unsubscribe = app.live.subscribe(caller.personUserId, (event) => {
        if (event.id !== undefined && sentAsMissed.delete(event.id)) return;
        writeEvent(raw, event);
      });
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => raw.end(), MAX_STREAM_MS);
      const cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        open.delete(raw);
      };
      raw.on('close', cleanup);
    },
  );
};
