import { z } from 'zod';
import { TEMPLATE_KINDS, TEMPLATE_MESSAGES } from '../messages/templates.js';
import { zRequiredString } from '../rules/zod-rules.js';
import { listQuery, listResponse } from './lists.js';

/** One variable a template may use, e.g. `benefit.amount`. */
export const TemplateVariable = z
  .object({ name: z.string(), description: z.string() })
  .meta({ id: 'TemplateVariable' });
export type TemplateVariable = z.infer<typeof TemplateVariable>;

/**
 * The data every benefit-related template gets (spec 3 "FAQ template data"): `benefit`, `person`
 * (ID number masked), `fund` and `claim` (the benefit's claims, a list). Amounts are formatted
 * rand strings; `*Cents` are integers.
 */
export const BENEFIT_TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  { name: 'benefit.id', description: 'The benefit id' },
  { name: 'benefit.benefitType', description: 'withdrawal, retirement, preservation, surplus, ...' },
  { name: 'benefit.status', description: 'unclaimed, claimed or paid' },
  { name: 'benefit.amount', description: 'Gross amount, e.g. R 512,30' },
  { name: 'benefit.amountCents', description: 'Gross amount in cents' },
  { name: 'benefit.totalFees', description: "The fund's fees with VAT, e.g. R 61,48" },
  { name: 'benefit.netAmount', description: 'What the member would receive today' },
  { name: 'benefit.netAmountCents', description: 'The same in cents' },
  { name: 'person.firstName', description: "The member's first name" },
  { name: 'person.lastName', description: "The member's last name" },
  { name: 'person.idNumberMasked', description: 'ID number with only the last four digits' },
  { name: 'fund.id', description: 'The fund id' },
  { name: 'fund.name', description: 'The fund that holds the benefit' },
  { name: 'fund.registrationNumber', description: 'FSCA registration number, e.g. 12/8/00001' },
  { name: 'claim', description: 'The claims of the benefit, a list: {% for c in claim %} or claim.first' },
  { name: 'claim[].id', description: 'A claim id' },
  { name: 'claim[].status', description: 'draft, submitted, in_review, approved, rejected or paid' },
  { name: 'claim[].submittedAt', description: 'When it was submitted (ISO 8601), or empty' },
];

/** A stored template. */
export const TemplateResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(TEMPLATE_KINDS),
    /** The built-in message this template replaces (e.g. `otp`), or null. */
    key: z.string().nullable(),
    /** Email subject or notification title; null for kinds without one. */
    subject: z.string().nullable(),
    /** Liquid. */
    body: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TemplateResponse' });
export type TemplateResponse = z.infer<typeof TemplateResponse>;

const zKey = () =>
  z
    .string()
    .regex(/^[a-z][a-z0-9._-]{0,63}$/, TEMPLATE_MESSAGES.keyPattern)
    .nullable();

/**
 * `POST /api/v1/templates`. `subject` only for kinds that have one; `key` names the built-in
 * message the template replaces (see `GET templates/create`). Subject and body must parse as
 * Liquid (422 with line and column).
 */
export const CreateTemplateRequest = z
  .object({
    name: zRequiredString(200),
    kind: z.enum(TEMPLATE_KINDS, { error: `Choose one of ${TEMPLATE_KINDS.join(', ')}.` }),
    key: zKey().optional(),
    subject: z.string().max(500).nullable().optional(),
    body: zRequiredString(20_000),
  })
  .meta({ id: 'CreateTemplateRequest' });
export type CreateTemplateRequest = z.input<typeof CreateTemplateRequest>;

/** `PATCH /api/v1/templates/{id}`: only the fields given change. */
export const UpdateTemplateRequest = z
  .object({
    name: zRequiredString(200).optional(),
    kind: z.enum(TEMPLATE_KINDS, { error: `Choose one of ${TEMPLATE_KINDS.join(', ')}.` }).optional(),
    key: zKey().optional(),
    subject: z.string().max(500).nullable().optional(),
    body: zRequiredString(20_000).optional(),
  })
  .meta({ id: 'UpdateTemplateRequest' });
export type UpdateTemplateRequest = z.input<typeof UpdateTemplateRequest>;

/** A built-in message that a template of its kind may replace, with its default text. */
export const TemplateMessageInfo = z
  .object({
    key: z.string(),
    kind: z.enum(TEMPLATE_KINDS),
    description: z.string(),
    variables: z.array(TemplateVariable),
    defaultSubject: z.string().nullable(),
    defaultBody: z.string(),
  })
  .meta({ id: 'TemplateMessageInfo' });
export type TemplateMessageInfo = z.infer<typeof TemplateMessageInfo>;

/**
 * `GET templates/create` and `GET templates/{id}/edit`: what the editor form needs: the kinds
 * (with whether they have a subject), the variables of each kind, the built-in messages templates
 * can replace, and (edit) the template.
 */
export const TemplateFormResponse = z
  .object({
    kinds: z.array(
      z.object({
        kind: z.enum(TEMPLATE_KINDS),
        label: z.string(),
        hasSubject: z.boolean(),
        format: z.enum(['html', 'text']),
      }),
    ),
    variables: z.record(z.enum(TEMPLATE_KINDS), z.array(TemplateVariable)),
    messages: z.array(TemplateMessageInfo),
    template: TemplateResponse.nullable(),
  })
  .meta({ id: 'TemplateFormResponse' });
export type TemplateFormResponse = z.infer<typeof TemplateFormResponse>;

/** `GET /api/v1/templates` query: filter by kind and key; `q` searches name, key and subject. */
export const TemplateListQuery = listQuery({
  sort: ['id', 'name', 'kind', 'updatedAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filter: { kind: z.enum(TEMPLATE_KINDS).optional(), key: z.string().max(64).optional() },
});
export const TemplateListResponse = listResponse(TemplateResponse).meta({ id: 'TemplateListResponse' });

/**
 * `POST /api/v1/templates/preview` (issue 19): a template as typed in the editor, rendered by the
 * server with sample data (a fictional member, benefit, fund and claim, and sample values of the
 * message variables). Nothing is stored.
 */
export const TemplatePreviewRequest = z
  .object({
    kind: z.enum(TEMPLATE_KINDS, { error: `Choose one of ${TEMPLATE_KINDS.join(', ')}.` }),
    subject: z.string().max(500).nullable().optional(),
    body: zRequiredString(20_000),
  })
  .meta({ id: 'TemplatePreviewRequest' });
export type TemplatePreviewRequest = z.input<typeof TemplatePreviewRequest>;

/**
 * The preview: subject and body as the member would get them; `html` bodies are sanitized as
 * messages are (safe to show as HTML), `text` bodies are plain text. A broken template is a 422
 * with `errors.subject` / `errors.body` as `Line L, column C: ...`.
 */
export const TemplatePreviewResponse = z
  .object({ subject: z.string().nullable(), body: z.string(), format: z.enum(['html', 'text']) })
  .meta({ id: 'TemplatePreviewResponse' });
export type TemplatePreviewResponse = z.infer<typeof TemplatePreviewResponse>;
