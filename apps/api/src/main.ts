/**
 * Entry point: `node dist/main.js` (production) or `tsx src/main.ts` (development). Traces start
 * first (off unless OTEL_* ask for them; decision 054), and only then is the server imported, so
 * the instrumentations see fastify, pg and ioredis load.
 */
import { startTracing } from './platform/tracing/start-tracing.js';

const tracing = await startTracing();
const { runServer } = await import('./run-server.js');
await runServer({ afterClose: () => tracing.stop() });
