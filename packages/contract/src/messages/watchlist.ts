/**
 * Texts of the watchlist (issue 21 item 3, decision 035).
 * Plain values, no Zod: the member app's English catalog imports them into its first load, which
 * must not pull in the watchlist's schemas (Zod and libphonenumber-js; issue 40 item 1).
 */

export const WATCHLIST_MESSAGES = {
  offer: 'Tell me if money turns up for this ID number',
  consent:
    'I agree that this ID number (kept only in a scrambled form), and the phone number or email I give, are kept ' +
    'for up to 12 months to tell me if a fund reports money for it. I will get one message for each time money is ' +
    'found, with no amounts or fund names, and every message has a link to stop them.',
  consentRequired: 'Please accept the consent to be told.',
  pinSent: 'We sent you a PIN. Enter it to start the watch.',
  watching: 'Done. We will tell you if money turns up for this ID number.',
  unsubscribed: 'You will not get any more messages about this ID number.',
  badLink: 'This link is not valid (any more).',
  notFound: 'No such watch request, or its PIN has expired. Please start again.',
  /** The message sent when money turns up (no amounts or fund names). */
  foundSubject: 'Money may be waiting for you',
  foundText: (signUpUrl: string, unsubscribeUrl: string) =>
    `Good news: a fund has reported money for the ID number you asked us to watch. Sign up to see it: ${signUpUrl} ` +
    `To stop these messages: ${unsubscribeUrl}`,
  confirmedSubject: 'You are on our watchlist',
  confirmedText: (unsubscribeUrl: string) =>
    `We will tell you if a fund reports money for the ID number you gave us. To stop: ${unsubscribeUrl}`,
} as const;
