/**
 * The real product for the upload bench (`file-upload.bench.ts`): the production start-up path
 * (`benchServerConfig`, then `startServer`) on PostgreSQL (`DATABASE_URL`) or, without it, the
 * embedded PGlite database in `DATA_DIR`; then two staff members with verified sessions (maker and
 * checker) and a fund, made in this process because an embedded database has one owner. Run as a
 * child process; it reports its port, the two bearer tokens and the fund id over IPC, then each
 * upload job's phases (`UPLOAD_PHASES_CHANNEL`) as `{ phases }`.
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import type { AddressInfo } from 'node:net';
import { UPLOAD_PHASES_CHANNEL } from '../src/modules/file-uploads/upload-phases.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { startServer } from '../src/server.js';
import { benchServerConfig } from './bench-config.js';
import { staffToken } from './staff-token.js';

const app = await startServer(benchServerConfig());
diagnosticsChannel.subscribe(UPLOAD_PHASES_CHANNEL, (phases) => process.send?.({ phases }));
const maker = await staffToken(app);
const checker = await staffToken(app);
const fund = await createFund(app.db, { name: 'Bench Fund', registrationNumber: '12/8/99999' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.once('disconnect', () => process.exit(0));
process.send?.({ port: (app.server.address() as AddressInfo).port, maker, checker, fundId: fund.id });
