/** Entry point: `node dist/main.js` (production) or `tsx src/main.ts` (development). */
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

try {
  const config = loadConfig();
  const app = await startServer(config);
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ error: err.message }, 'closing after an error');
    await app.close();
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
