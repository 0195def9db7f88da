import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The demo partner's API key file in the data folder (development only; issue 41 item 4). */
export const DEMO_PARTNER_KEY_FILE = 'demo-partner-key.txt';

/** The longest key the development outbox page shows; anything longer is not a key we wrote. */
const MAX_KEY_LENGTH = 200;

/**
 * Where the demo data writes the demo partner's API key: `<dataDir>/demo-partner-key.txt`
 * (mode 0600, written once when the demo partner is created).
 * @param dataDir the server's data folder (`DATA_DIR`)
 */
export function demoPartnerKeyPath(dataDir: string): string {
  return join(dataDir, DEMO_PARTNER_KEY_FILE);
}

/**
 * The demo partner's API key, for the development outbox page: the file's first line, or
 * undefined when there is no such file (no demo data, or a production-like setup) or it does not
 * hold a plausible key.
 * @param dataDir the server's data folder (`DATA_DIR`)
 */
export async function readDemoPartnerKey(dataDir: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(demoPartnerKeyPath(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  const key =
    text
      .slice(0, MAX_KEY_LENGTH + 1)
      .split('\n')[0]
      ?.trim() ?? '';
  return key.length > 0 && key.length <= MAX_KEY_LENGTH ? key : undefined;
}
