/**
 * Leaves a submitted claim on the demo fund, made through the member API of a running development
 * server: `npm run demo:claim [-- --base-url http://localhost:4000]` (issue 39 item 5). Prints the
 * claim's id; exits 1 with the failed call when it cannot.
 */
import { failCommandLine, parseCommandLine } from '../../../../../../scripts/lib/command-line.mjs';

const command = 'npm run demo:claim';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} -- [--base-url URL]

Against the running development server (\`npm start\`), signs a member of the demo file up through
the member API (PIN from the development outbox, sandbox identity check), adds a bank account and
both documents, and submits a claim on the Demo Retirement Fund, the fund the demo partner API key
serves. Prints the claim's id. Each run claims for another member.

  --base-url URL  the server (default http://localhost:$PORT, PORT defaulting to 3000 as for npm start)
  -h, --help      this text`,
  options: { 'base-url': { type: 'string' } },
});
const baseUrl = String(values['base-url'] ?? `http://localhost:${process.env.PORT || 3000}`);
if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
  failCommandLine(command, '--base-url must be an http:// or https:// URL');
}

// Loaded once the command line is read: --help and a wrong option answer without them (faster).
const { centsToRandString } = await import('@bcp/contract');
const { DEMO_CLAIM_PASSWORD, runDemoClaim } = await import('./demo-claim.js');

try {
  const result = await runDemoClaim(baseUrl);
  const { member } = result;
  console.info(
    `Submitted claim ${result.claimId} (${result.status}): ${member.firstName} ${member.lastName}'s ` +
      `${result.benefitType} benefit on the Demo Retirement Fund, R${centsToRandString(result.netAmountCents)} ` +
      `after fees.\nThe member signs in with ID number ${member.idNumber} and password ${DEMO_CLAIM_PASSWORD}.`,
  );
  console.info(`claimId=${result.claimId}`);
} catch (error) {
  console.error(`${command}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
