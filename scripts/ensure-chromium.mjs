#!/usr/bin/env node
/**
 * The browser tests drive Debian's Chromium (/usr/bin/chromium). Installs it when missing and we
 * may (root with apt-get); otherwise stops, naming the one command that installs it.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseCommandLine } from './lib/command-line.mjs';

parseCommandLine({
  command: 'node scripts/ensure-chromium.mjs',
  usage: `
Usage: node scripts/ensure-chromium.mjs

Makes sure Chromium is at CHROMIUM_PATH (default /usr/bin/chromium) for the browser tests:
installs Debian's chromium package when it is missing and you are root, otherwise stops and
names the command that installs it. Takes no options.`,
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo sh -c '${INSTALL}'`);
  process.exit(1);
}
console.info(`Chromium is missing at ${CHROMIUM}; installing Debian's chromium package...`);
execSync(INSTALL, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
if (!existsSync(CHROMIUM)) {
  console.error(`Installing chromium did not provide ${CHROMIUM}.`);
  process.exit(1);
}
