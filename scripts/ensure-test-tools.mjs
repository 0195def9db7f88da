#!/usr/bin/env node
/**
 * The tests use three of Debian's programs: Chromium (the browser tests, CHROMIUM_PATH, default
 * /usr/bin/chromium), Prometheus with promtool (the metrics and alert-rule tests) and
 * docker-compose (the check of compose.yaml). Installs the missing ones in one apt-get call when we
 * may (root with apt-get); otherwise stops, naming the one command that installs them.
 */
import { execSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parseCommandLine } from './lib/command-line.mjs';

parseCommandLine({
  command: 'node scripts/ensure-test-tools.mjs',
  usage: `
Usage: node scripts/ensure-test-tools.mjs

Makes sure the Debian programs the tests use are installed: chromium (at CHROMIUM_PATH, default
/usr/bin/chromium), prometheus (prometheus and promtool) and docker-compose. Installs the missing
packages when you are root with apt-get, otherwise stops and names the command that installs
them. Takes no options.`,
});

/** Each Debian package with the programs it must provide (a path, or a name looked up in PATH). */
const PACKAGES = [
  { name: 'chromium', programs: [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'] },
  { name: 'prometheus', programs: ['prometheus', 'promtool'] },
  { name: 'docker-compose', programs: ['docker-compose'] },
];

/**
 * Whether a program is there: a path that exists, or an executable of that name in PATH.
 * @param {string} program
 */
function present(program) {
  if (program.includes('/')) return existsSync(program);
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const missing = () => PACKAGES.filter((pkg) => !pkg.programs.every(present));
const wanted = missing();
if (wanted.length === 0) process.exit(0);

const names = wanted.map((pkg) => pkg.name).join(' ');
const install = `apt-get update && apt-get install -y ${names}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(`Missing for the tests: ${names}. Install with: sudo sh -c '${install}'`);
  process.exit(1);
}
console.info(`Missing for the tests: ${names}; installing Debian's packages...`);
execSync(install, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
const still = missing();
if (still.length > 0) {
  console.error(
    `Installing did not provide: ${still.flatMap((pkg) => pkg.programs.filter((p) => !present(p))).join(', ')}`,
  );
  process.exit(1);
}
