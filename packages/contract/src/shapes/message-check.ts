import { z } from 'zod';
import {
  normalizeMessageDestination,
  normalizeReferenceCode,
  REFERENCE_CODE_TYPED_MAX_LENGTH,
} from '../message-reference.js';
import { MESSAGE_CHECK_MESSAGES, MESSAGE_KINDS } from '../messages/message-check.js';
import { EMAIL_MAX_LENGTH } from '../rules/form-rules.js';
import { zRequiredString } from '../rules/zod-rules.js';

/** `POST /api/app/message-check`: a message's reference code and where it came to. */
export const MessageCheckRequest = z
  .object({
    referenceCode: zRequiredString(REFERENCE_CODE_TYPED_MAX_LENGTH).transform((value, ctx) => {
      const code = normalizeReferenceCode(value);
      if (code === null) {
        ctx.addIssue({ code: 'custom', message: MESSAGE_CHECK_MESSAGES.invalidCode });
        return z.NEVER;
      }
      return code;
    }),
    /** The phone number or email address the message came to. */
    destination: zRequiredString(EMAIL_MAX_LENGTH).transform((value, ctx) => {
      const destination = normalizeMessageDestination(value);
      if (destination === null) {
        ctx.addIssue({ code: 'custom', message: MESSAGE_CHECK_MESSAGES.invalidDestination });
        return z.NEVER;
      }
      return destination;
    }),
  })
  .meta({ id: 'MessageCheckRequest' });
export type MessageCheckRequest = z.input<typeof MessageCheckRequest>;

/** The kinds of message the check names (`MESSAGE_KINDS` keys). */
export const MESSAGE_KIND_KEYS = Object.keys(MESSAGE_KINDS) as [
  keyof typeof MESSAGE_KINDS,
  ...(keyof typeof MESSAGE_KINDS)[],
];

/**
 * The answer: whether we sent it and, when we did, only when, by which channel and what kind of
 * message it was (never its content, never anything else about the person). `message` and
 * `advice` are the texts to show.
 */
export const MessageCheckResponse = z
  .object({
    fromUs: z.boolean(),
    /** When the message was recorded (ISO 8601, UTC); null when it is not from us. */
    sentAt: z.iso.datetime().nullable(),
    channel: z.enum(['email', 'sms']).nullable(),
    kind: z.enum(MESSAGE_KIND_KEYS).nullable(),
    /** `MESSAGE_KINDS[kind]`: the kind in words. */
    kindText: z.string().nullable(),
    message: z.string(),
    advice: z.string(),
  })
  .meta({ id: 'MessageCheckResponse' });
export type MessageCheckResponse = z.infer<typeof MessageCheckResponse>;
