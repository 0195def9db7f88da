import type { TemplateKind, TemplateMessageInfo, TemplateVariable } from '@bcp/contract';

/** The kinds a message is sent as. */
export type MessageKind = Extract<TemplateKind, 'email' | 'sms' | 'push'>;

/** A built-in message: its default subject (email, push) and body (Liquid), and its variables. */
interface BuiltInMessage {
  description: string;
  variables: readonly TemplateVariable[];
  defaults: Partial<Record<MessageKind, { subject?: string; body: string }>>;
}

const OTP_VARIABLES: readonly TemplateVariable[] = [
  { name: 'pin', description: 'The 6-digit PIN' },
  { name: 'purpose', description: 'What it is for, e.g. "to sign in"' },
  { name: 'purposeKey', description: 'sign_in, password_reset, destination_change or bank_account_change' },
  { name: 'expiresInMinutes', description: 'Minutes the PIN is valid (10)' },
];

const CLAIM_VARIABLES: readonly TemplateVariable[] = [
  { name: 'benefitType', description: 'e.g. withdrawal, retirement' },
  { name: 'fundName', description: 'The fund that holds the benefit' },
  { name: 'netAmount', description: 'What the member receives, formatted in rand (approved)' },
  { name: 'reason', description: 'Why the claim was not approved (rejected)' },
  { name: 'paymentReference', description: "The administrator's payment reference (paid)" },
];

const CLAIM_WHAT = 'your {{ benefitType }} benefit from {{ fundName }}';

/** A claim move's notification: its title (no personal data: lock screens) and body. */
function claimMove(description: string, title: string, body: string): BuiltInMessage {
  return { description, variables: CLAIM_VARIABLES, defaults: { push: { subject: title, body } } };
}

/**
 * The messages the platform sends, with their built-in texts (issue 7: "rendered from templates
 * of these kinds, with built-in defaults"). A stored template of the same kind and key replaces a
 * default (`renderMessage`). Other domains may pass their own default to `renderMessage` instead
 * of adding it here; listing it here shows it in the template editor.
 */
export const BUILT_IN_MESSAGES: Record<string, BuiltInMessage> = {
  'identity.verified': {
    description: "The member's identity check passed",
    variables: [],
    defaults: {
      push: {
        subject: 'Identity verified',
        body: '<p>Your identity has been verified. You can now view and claim your benefits.</p>',
      },
    },
  },
  'claim.submitted': claimMove(
    'A member submitted a claim',
    'Claim submitted',
    `<p>We received your claim for ${CLAIM_WHAT}. We will tell you at every step.</p>`,
  ),
  'claim.in_review': claimMove(
    "Staff started reviewing a member's claim",
    'Claim in review',
    `<p>Your claim for ${CLAIM_WHAT} is being reviewed.</p>`,
  ),
  'claim.information_requested': claimMove(
    "Staff or the fund asked for a document or a correction on a member's claim",
    'More information needed',
    `<p>We need more information for your claim for ${CLAIM_WHAT}. Sign in and open your claim to see what is asked.</p>`,
  ),
  'claim.approved': claimMove(
    'A claim was approved',
    'Claim approved',
    `<p>Your claim for ${CLAIM_WHAT} was approved{% if netAmount %}: {{ netAmount }} will be paid into the account you chose{% endif %}.</p>`,
  ),
  'claim.rejected': claimMove(
    'A claim was not approved',
    'Claim not approved',
    `<p>Your claim for ${CLAIM_WHAT} was not approved.</p><p>Reason: {{ reason }}</p>`,
  ),
  'claim.paid': claimMove(
    'A claim was paid',
    'Claim paid',
    `<p>Your claim for ${CLAIM_WHAT} was paid{% if paymentReference %} (payment reference {{ paymentReference }}){% endif %}.</p>`,
  ),
  otp: {
    description: 'The one-time PIN (sign-in, password reset, new contact details, bank account change)',
    variables: OTP_VARIABLES,
    defaults: {
      sms: {
        body: 'Your Benefit Finder PIN {{ purpose }} is {{ pin }}. It expires in {{ expiresInMinutes }} minutes. Never share it: we will never ask you for it.',
      },
      email: {
        subject: 'Your PIN: {{ pin }}',
        body: 'Your Benefit Finder PIN {{ purpose }} is {{ pin }}. It expires in {{ expiresInMinutes }} minutes. Never share it: we will never ask you for it.',
      },
    },
  },
  'bank-account.changed': {
    description: "The notice that the bank account of a member's running claim was changed",
    variables: [{ name: 'accountLast4', description: 'The last four digits of the new account' }],
    defaults: {
      sms: {
        body: 'Benefit Finder: the bank account for your claim was changed to the account ending {{ accountLast4 }}. If you did not do this, call us at once.',
      },
      email: {
        subject: 'Your bank account was changed',
        body: 'Benefit Finder: the bank account for your claim was changed to the account ending {{ accountLast4 }}. If you did not do this, call us at once.',
      },
    },
  },
  'outreach.invitation': {
    description:
      'The invitation to a person with a benefit and no account (issue 17): the fund, that it is free, how to search, how to check it is us, how to opt out',
    variables: [
      { name: 'firstName', description: "The person's first name" },
      { name: 'fundName', description: 'The fund that holds the benefit' },
      { name: 'appUrl', description: 'Where to search with the ID number (the app)' },
      { name: 'checkUrl', description: 'Where to check this message is really from Benefit Finder' },
      { name: 'optOutUrl', description: 'The link that stops all invitations' },
    ],
    defaults: {
      sms: {
        body:
          'Benefit Finder: {{ firstName }}, {{ fundName }} holds money that may be yours. Claiming is free: search your ID number at {{ appUrl }}. ' +
          'We never ask for money or a PIN. Check it is us: {{ checkUrl }}. Reply STOP to opt out.',
      },
      email: {
        subject: '{{ fundName }} may hold money for you',
        body:
          '<p>Dear {{ firstName }},</p><p>{{ fundName }} holds a benefit that may be yours. Claiming it is free: ' +
          'search with your ID number at <a href="{{ appUrl }}">{{ appUrl }}</a>.</p>' +
          '<p>We will never ask you for money, a PIN or a password. To check that this email is really from Benefit Finder, ' +
          'go to <a href="{{ checkUrl }}">{{ checkUrl }}</a> yourself rather than replying.</p>' +
          '<p>Do not want these emails? <a href="{{ optOutUrl }}">Stop all invitations</a>.</p>',
      },
    },
  },
};

/** Every (message, kind) pair with its default, as `GET templates/create` lists them. */
export function listBuiltInMessages(): TemplateMessageInfo[] {
  return Object.entries(BUILT_IN_MESSAGES).flatMap(([key, message]) =>
    Object.entries(message.defaults).map(([kind, text]) => ({
      key,
      kind: kind as MessageKind,
      description: message.description,
      variables: [...message.variables],
      defaultSubject: text.subject ?? null,
      defaultBody: text.body,
    })),
  );
}
