import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PushConfig } from '../../config.js';

/** A new P-256 key pair by `web-push`, required here only (it loads at first use, not at start). */
function generateVapidKeys(): VapidKeys {
  const webPush = createRequire(import.meta.url)('web-push') as typeof import('web-push');
  return webPush.generateVAPIDKeys();
}

/** A VAPID key pair (base64url, as `web-push` and `PushManager.subscribe` use them). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys web push is signed with: from configuration when set; otherwise, outside
 * production, created once (P-256, by `web-push`) and kept in `<dataDir>/vapid-keys.json` (mode 600)
 * so subscriptions survive restarts, like `ensureAppSecret`. In production without keys: undefined
 * (web push is off).
 */
export function ensureVapidKeys(
  push: Pick<PushConfig, 'vapidPublicKey' | 'vapidPrivateKey'>,
  env: 'development' | 'production' | 'test',
  dataDir: string,
): VapidKeys | undefined {
  if (push.vapidPublicKey && push.vapidPrivateKey) {
    return { publicKey: push.vapidPublicKey, privateKey: push.vapidPrivateKey };
  }
  if (env === 'production') return undefined;
  const path = join(dataDir, 'vapid-keys.json');
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, JSON.stringify(generateVapidKeys()), { mode: 0o600 });
  }
  const stored = JSON.parse(readFileSync(path, 'utf8')) as VapidKeys;
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
