/**
 * Texts of "Is this message from us?" (issue 21 item 4). Plain values, no Zod: the member app
 * imports them.
 */
export const MESSAGE_CHECK_MESSAGES = {
  invalidCode: 'Enter the 8-character reference code from the message, e.g. ABCD-EFGH.',
  invalidDestination: 'Enter the phone number or email address the message came to.',
  fromUs: 'Yes, this message is from us.',
  notFromUs: 'We did not send a message with this reference code to this phone number or email address.',
  /** Shown with every answer. */
  advice: 'We never ask you for money, a fee to release your benefit, your PIN or your banking passwords.',
  notFromUsAdvice:
    'Do not reply to the message, do not click its links and do not pay anything. Delete it, or ask us through this app.',
} as const;

/** What kind of message a purpose (`otp.sign_in`, `notification.claim_paid`, ...) was: never its content. */
export const MESSAGE_KINDS = {
  pin: 'A one-time PIN',
  account: 'A notice about your account',
  bankAccount: 'A notice about your bank account',
  notification: 'An update about your benefits or claim',
  invitation: 'An invitation to claim a benefit',
  other: 'A message from us',
} as const;
