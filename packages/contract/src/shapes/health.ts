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
