/**
 * The compiled product for benches that measure memory (issue 18 export): the same start-up as
 * `app-server.ts`, but from `dist/` under plain Node, as `npm start` runs it in production (tsx
 * alone adds some 80 MB of resident memory). Build first: `npm run build -w @bcp/contract &&
 * npm run build -w @bcp/api`. Reports its port over IPC.
 */
import { randomBytes } from 'node:crypto';
import diagnosticsChannel from 'node:diagnostics_channel';
import { loadConfig } from '../dist/config.js';
import { startServer } from '../dist/server.js';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  APP_SECRET: randomBytes(48).toString('base64url'),
  IDENTITY_PROVIDER: 'iidentifii',
  IIDENTIFII_BASE_URL: 'http://127.0.0.1:9/',
  IIDENTIFII_API_KEY: 'bench',
  IIDENTIFII_CALLBACK_SECRET: 'bench-callback-secret',
});
const app = await startServer(config);
diagnosticsChannel.subscribe('bcp:file-upload-phases', (phases) => process.send?.({ phases }));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.once('disconnect', () => process.exit(0));
process.send?.({ port: app.server.address().port });
