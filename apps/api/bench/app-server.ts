/**
 * The real product for the bench: the production start-up path (`benchServerConfig`, then
 * `startServer`: open PostgreSQL, `buildApp`, migrations, listen). Run as a child process by the
 * bench (`DATABASE_URL`, and `DATA_DIR` for the private file store, in its environment); it reports
 * its port over IPC.
 */
import type { AddressInfo } from 'node:net';
import { startServer } from '../src/server.js';
import { benchServerConfig } from './bench-config.js';

const app = await startServer(benchServerConfig());
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.once('disconnect', () => process.exit(0));
process.send?.({ port: (app.server.address() as AddressInfo).port });
