import { type MessageRound, runMessageRound } from './messages.bench.js';
import { describeLoadAverage, median } from './report.js';

/** The app's target end to end (issue 40 item 6), printed beside the bare nodemailer figure. */
const TARGET_PER_SECOND = 150;

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Runs the message delivery bench (`messages.bench.ts`) `rounds` times and prints each round, the
 * medians, the ratio app / bare and the target (>= 150 messages/s end to end, issue 40 item 6; was
 * 50 in issue 15 item 3), with the load average before and after.
 */
export async function runMessageBench(adminUrl: string, options: { messages: number; rounds: number }): Promise<void> {
  console.info(
    `\nMessage delivery benchmark: ${options.messages} notifications -> email jobs -> local SMTP server (smtp-server), ` +
      `${options.rounds} round(s)`,
  );
  console.info(`          ${describeLoadAverage()} (before)`);
  const rounds: MessageRound[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const figures = await runMessageRound(adminUrl, { messages: options.messages });
    rounds.push(figures);
    console.info(
      `round ${round}: app end to end ${oneDecimal.format(figures.appPerSecond)} messages/s, ` +
        `bare nodemailer ${oneDecimal.format(figures.barePerSecond)} messages/s; ` +
        `${oneDecimal.format(figures.queriesPerMessage)} database statements per message (job polls included); ` +
        `all notifications stored after ${oneDecimal.format(figures.notifiedSeconds)} s`,
    );
  }
  const app = median(rounds.map((round) => round.appPerSecond));
  const bare = median(rounds.map((round) => round.barePerSecond));
  console.info(
    `median:  app ${oneDecimal.format(app)} messages/s (${oneDecimal.format(options.messages / app)} s for ${options.messages}), ` +
      `bare ${oneDecimal.format(bare)} messages/s; ratio app / bare ${(app / bare).toFixed(2)} ` +
      `(target app >= ${TARGET_PER_SECOND} messages/s: ${app >= TARGET_PER_SECOND ? 'met' : 'NOT met'})`,
  );
  console.info(`          ${describeLoadAverage()} (after)`);
}
