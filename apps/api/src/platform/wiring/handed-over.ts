/**
 * Something one part of the server hands another at start-up, where an import would point the
 * wrong way (issue 35, decision 042): platform needs a module's lookup (a member's language, a
 * staff account, a stored template, a purge), or a module one a later module owns (funds writing
 * partners' links, person-banks asking claims). The owner gives it in its `module.ts` install;
 * the user takes it when it runs.
 */
export interface HandedOver<T> {
  /** Gives (or replaces) the value; the owner calls it at start-up. */
  give(value: T): void;
  /**
   * The value given.
   * @throws Error with the slot's `missing` message when nothing was given (a wiring mistake)
   */
  take(): T;
}

/**
 * An empty slot for a value handed over at start-up.
 * @param missing the error's message when the value is taken before it was given, naming who
 *   should have given what
 */
export function handedOver<T>(missing: string): HandedOver<T> {
  let given: T | undefined;
  return {
    give(value) {
      given = value;
    },
    take() {
      if (given === undefined) throw new Error(missing);
      return given;
    },
  };
}
