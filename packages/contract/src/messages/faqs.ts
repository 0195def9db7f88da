/**
 * Messages of the FAQ dialog and calls.
 * Plain values, no Zod: the app imports them and its bundle leaves the schemas out
 * (`sideEffects: false` in package.json lets the bundler drop modules whose exports are unused).
 */

/** Negative notices of the FAQ dialog (spec 8), spelled exactly as the spec spells them. */
export const FAQ_MESSAGES = {
  loadFailed: 'Unable to get FAQs',
  noFaqs: 'No Available FAQs',
  noParams: 'No Available Prams',
  notFound: 'No such FAQ.',
  unknownFund: 'No fund with this id.',
} as const;
