import type { ParseArgsConfig } from 'node:util';

/** Types of `command-line.mjs` for the TypeScript scripts that use it. */
export interface CommandLineSpec<O extends NonNullable<ParseArgsConfig['options']>> {
  /** The script's name in messages, e.g. `npm run bench`. */
  command: string;
  /** Printed for `--help`. */
  usage: string;
  options?: O;
  allowPositionals?: boolean;
  args?: string[];
}

/** A flag's value: `string` or `boolean`, never undefined when the option has a default. */
type OptionValue<T> =
  | (T extends { type: 'boolean' } ? boolean : string)
  | (T extends { default: unknown } ? never : undefined);

export function parseCommandLine<const O extends NonNullable<ParseArgsConfig['options']>>(
  spec: CommandLineSpec<O>,
): {
  values: { [K in keyof O]: OptionValue<O[K]> };
  positionals: string[];
};

export function failCommandLine(command: string, message: string): never;
