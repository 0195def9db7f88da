/**
 * Writes a demo member file: `npm run demo:generate -- --seed 7 --members 5000 --out members.csv`
 * (without --out the CSV goes to standard output). A relative `--out` is relative to the folder
 * the command was run from (npm's `INIT_CWD`), not to `apps/api`.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { failCommandLine, parseCommandLine } from '../../../../../../scripts/lib/command-line.mjs';

const command = 'npm run demo:generate';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} -- [--seed N] [--members N] [--out FILE]

Writes a demo member file (CSV, the member_file upload type): the documented demo members
(README "Demo data") and N generated ones. Same seed, same file.

  --seed N      seed of the generator (default 2026)
  --members N   members to generate besides the demo members (default 2000)
  --out FILE    where to write, relative to the folder you run the command in
                (default: standard output)
  -h, --help    this text`,
  options: {
    seed: { type: 'string', default: '2026' },
    members: { type: 'string', default: '2000' },
    out: { type: 'string' },
  },
});
const seed = Number(values.seed);
const members = Number(values.members);
if (!Number.isSafeInteger(seed)) failCommandLine(command, '--seed must be a whole number');
if (!Number.isInteger(members) || members < 0 || members > 10_000_000) {
  failCommandLine(command, '--members must be a whole number from 0 to 10000000');
}
// Loaded once the command line is read: --help and a wrong option answer without them (faster).
const { generateMemberFile } = await import('./generate-member-file.js');

const csv = generateMemberFile({ seed, members });
if (values.out) {
  // npm runs the script in apps/api (or the repository root); INIT_CWD is where the person ran npm.
  const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  writeFileSync(out, csv);
  console.info(`Wrote ${out}`);
} else {
  process.stdout.write(csv);
}
