/**
 * The command line of every script of ours (README "Scripts"): `node:util` `parseArgs`, plus the
 * two things it leaves to us. `--help` (or `-h`) prints the usage and exits 0; a bad option or
 * value prints one line, `<command>: <what is wrong> (--help for usage)`, and exits 2, with no
 * stack trace.
 */
import { parseArgs } from 'node:util';

/**
 * Parses `args` (default: this process's arguments) with `parseArgs` in strict mode.
 * @param {{ command: string, usage: string, options?: import('node:util').ParseArgsConfig['options'],
 *   allowPositionals?: boolean, args?: string[] }} spec
 *   `command` names the script in messages (`npm run bench`); `usage` is printed for `--help`.
 * @returns {{ values: Record<string, string | boolean | undefined>, positionals: string[] }}
 */
export function parseCommandLine({ command, usage, options = {}, allowPositionals = false, args }) {
  let parsed;
  try {
    parsed = parseArgs({
      args: args ?? process.argv.slice(2),
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
    });
  } catch (error) {
    failCommandLine(command, error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) {
    console.info(usage.trim());
    process.exit(0);
  }
  delete parsed.values.help;
  return parsed;
}

/**
 * Ends the script for a bad command line: one line on standard error, exit code 2.
 * @param {string} command the script's name, e.g. `npm run bench`
 * @param {string} message what is wrong, e.g. `--rounds must be a whole number >= 3`
 * @returns {never}
 */
export function failCommandLine(command, message) {
  // parseArgs' messages end with advice about `--` that does not fit npm scripts: keep the first sentence.
  const firstLine = message.split('\n')[0].replace(/\. To specify a positional argument.*$/, '');
  console.error(`${command}: ${firstLine} (--help for usage)`);
  process.exit(2);
}
