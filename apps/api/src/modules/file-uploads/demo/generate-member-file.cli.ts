/**
 * Writes a demo member file: `npm run demo:generate -- --seed 7 --members 5000 --out members.csv`
 * (without --out the CSV goes to standard output).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateMemberFile } from './generate-member-file.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '2026' },
    members: { type: 'string', default: '2000' },
    out: { type: 'string' },
  },
});
const csv = generateMemberFile({ seed: Number(values.seed), members: Number(values.members) });
if (values.out) {
  writeFileSync(values.out, csv);
  console.info(`Wrote ${values.out}`);
} else {
  process.stdout.write(csv);
}
