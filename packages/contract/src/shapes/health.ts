import { z } from 'zod';

/** `GET /api/health`: 200 when the database answers (otherwise 503 with ErrorResponse). */
export const HealthResponse = z
  .object({
    status: z.literal('ok'),
    database: z.literal('up'),
    /** Server time, ISO 8601 UTC. */
    time: z.string(),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * `GET /api/ready`: 200 when this process can serve: the database answers and, when the process
 * uses Redis (`REDIS_URL`), Redis answers; otherwise 503 with ErrorResponse. A load balancer sends
 * traffic only to ready processes; a process shutting down answers 503.
 */
export const ReadinessResponse = z
  .object({
    status: z.literal('ready'),
    database: z.literal('up'),
    /** `not-used`: a single process without REDIS_URL (counters and live updates in memory). */
    redis: z.enum(['up', 'not-used']),
    /** Server time, ISO 8601 UTC. */
    time: z.string(),
  })
  .meta({ id: 'ReadinessResponse' });
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
