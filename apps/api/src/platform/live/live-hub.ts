import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';

/** An event for one person user's open app sessions (spec section 4 "foreground message"). */
export interface LiveEvent {
  /** SSE event name, e.g. `notification`. */
  type: string;
  /** SSE id: the client sends it back as `Last-Event-ID` after a reconnect. */
  id?: string;
  data: unknown;
}

export type LiveListener = (event: LiveEvent) => void;

/**
 * Fans live events out to the open connections of a person user, across API processes (Redis
 * pub/sub on `REDIS_URL`) or within this process (memory) when there is no Redis.
 */
export interface LiveHub {
  /** Delivers the event to every open connection of the person user (in any process). */
  publish(personUserId: number, event: LiveEvent): Promise<void>;
  /** Listens for the person user's events in this process; returns the unsubscribe function. */
  subscribe(personUserId: number, listener: LiveListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'bcp:live';

/**
 * Creates the live hub: in-process when `redisUrl` is unset, otherwise every process publishes to
 * and subscribes on one Redis channel and hands each message to its own local listeners. Messages
 * carry only the person user id and the event; a Redis outage is logged and drops live events
 * (the notification itself is stored, and the app reloads the list and total on reconnect).
 */
export function createLiveHub(deps: { redisUrl: string | undefined; log: FastifyBaseLogger }): LiveHub {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const emitLocal = (personUserId: number, event: LiveEvent) => local.emit(String(personUserId), event);
  const subscribe = (personUserId: number, listener: LiveListener) => {
    local.on(String(personUserId), listener);
    return () => {
      local.off(String(personUserId), listener);
    };
  };

  if (!deps.redisUrl) {
    return {
      async publish(personUserId, event) {
        emitLocal(personUserId, event);
      },
      subscribe,
      async close() {
        local.removeAllListeners();
      },
    };
  }

  // ioredis loads only when Redis is configured, not in a single process without it.
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const options = { lazyConnect: false, maxRetriesPerRequest: 2 };
  const publisher = new Redis(deps.redisUrl, options);
  const subscriber = new Redis(deps.redisUrl, options);
  for (const client of [publisher, subscriber]) {
    client.on('error', (error) => deps.log.warn({ error: error.message }, 'live updates: Redis error'));
  }
  void subscriber.subscribe(CHANNEL).catch((error: Error) => {
    deps.log.error({ error: error.message }, 'live updates: cannot subscribe on Redis');
  });
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const { personUserId, event } = JSON.parse(message) as { personUserId: number; event: LiveEvent };
      emitLocal(personUserId, event);
    } catch {
      deps.log.warn('live updates: unreadable message on Redis');
    }
  });

  return {
    async publish(personUserId, event) {
      try {
        await publisher.publish(CHANNEL, JSON.stringify({ personUserId, event }));
      } catch (error) {
        deps.log.warn({ error: (error as Error).message }, 'live updates: publish failed');
      }
    },
    subscribe,
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
