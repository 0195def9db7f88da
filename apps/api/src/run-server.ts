import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

/**
 * Starts the server from the environment's configuration and closes it gracefully on a signal,
 * then runs `afterClose` (main.ts: sends the last spans). On a configuration error or a failed
 * start, prints why and ends the process with status 1.
 */
export async function runServer({ afterClose }: { afterClose: () => Promise<void> }): Promise<void> {
  try {
    const config = loadConfig();
    const app = await startServer(config);
    closeWithGrace({ delay: 10_000 }, async ({ err }) => {
      if (err) app.log.error({ error: err.message }, 'closing after an error');
      await app.close();
      await afterClose();
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error('The server could not start:', error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }
}
