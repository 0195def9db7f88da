import { z } from 'zod';
import { PARTNER_KINDS } from '../funds.js';
import { zRequiredString } from '../rules/zod-rules.js';
import { zOptionalEmail, zOptionalPhoneNumber } from './accounts.js';
import { zClearable } from './funds.js';
import { listQuery, listResponse, zQueryBoolean, zQueryId } from './lists.js';

/** Messages of the partner calls (issue 8 "Partners"). */
export const PARTNER_MESSAGES = {
  notFound: 'No such partner.',
  nameTaken: 'A partner with this name exists.',
  unknownFund: 'No such fund.',
  administersFund: (names: string) =>
    `This partner administers ${names}: choose another administrator for the fund first.`,
  keyNotFound: 'No such API key.',
  keyRevoked: 'This API key is already revoked.',
  inactive: 'This partner is inactive: activate it before giving it API keys.',
  keyShownOnce: 'Copy this key now: it is shown only once and cannot be recovered.',
  /** 401 of the partner API for a missing, wrong or revoked key. */
  invalidKey: 'Invalid or revoked API key.',
} as const;

/** A tracing partner or fund administrator (spec 7 `partners*`). */
export const PartnerResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(PARTNER_KINDS),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    /** E.164. */
    contactPhone: z.string().nullable(),
    /** Inactive partners' keys are refused. */
    active: z.boolean(),
    /** The funds it serves: its API keys reach these funds only. */
    funds: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** API keys not revoked. */
    activeApiKeys: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PartnerResponse' });
export type PartnerResponse = z.infer<typeof PartnerResponse>;

const partnerFields = {
  name: zRequiredString(200),
  kind: z.enum(PARTNER_KINDS, { error: 'Choose tracing-partner or fund-administrator.' }),
  contactName: z.string().trim().max(200).nullable().optional(),
  contactEmail: zClearable(zOptionalEmail()),
  contactPhone: zClearable(zOptionalPhoneNumber()),
  active: z.boolean().optional(),
  /** The funds it serves (replaces the list on PATCH). */
  fundIds: z.array(z.number().int().positive()).max(500).optional(),
};

/** `POST /api/v1/partners`. */
export const CreatePartnerRequest = z.object(partnerFields).meta({ id: 'CreatePartnerRequest' });
export type CreatePartnerRequest = z.input<typeof CreatePartnerRequest>;

/** `PATCH /api/v1/partners/{id}`: only the fields given change; `fundIds` replaces the list. */
export const UpdatePartnerRequest = z
  .object({ ...partnerFields, name: partnerFields.name.optional(), kind: partnerFields.kind.optional() })
  .meta({ id: 'UpdatePartnerRequest' });
export type UpdatePartnerRequest = z.input<typeof UpdatePartnerRequest>;

export const PartnerListQuery = listQuery({
  sort: ['id', 'name', 'kind', 'createdAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filter: { kind: z.enum(PARTNER_KINDS).optional(), active: zQueryBoolean().optional(), fundId: zQueryId().optional() },
});
export const PartnerListResponse = listResponse(PartnerResponse).meta({ id: 'PartnerListResponse' });

/** An API key of a partner, without its secret: only `prefix` identifies it. */
export const ApiKeyResponse = z
  .object({
    id: z.number().int(),
    partnerId: z.number().int(),
    /** What staff called it, e.g. `Production`. */
    name: z.string(),
    /** The key's first characters (`bcp_live_1a2b3c4d`), to tell keys apart; not a secret. */
    prefix: z.string(),
    createdBy: z.number().int().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKeyResponse' });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>;
export const ApiKeyListResponse = listResponse(ApiKeyResponse).meta({ id: 'ApiKeyListResponse' });

/** A new key (create or rotate): the only answer that carries `key`. */
export const CreatedApiKeyResponse = ApiKeyResponse.extend({
  /** The whole key, shown this once; the server keeps only its SHA-256. */
  key: z.string(),
  message: z.string(),
}).meta({ id: 'CreatedApiKeyResponse' });
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponse>;

/** `POST /api/v1/partners/{id}/api-keys` and `.../rotate`. */
export const CreateApiKeyRequest = z.object({ name: zRequiredString(80) }).meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

/** Path of one key: `partners/{id}/api-keys/{keyId}`. */
export const ApiKeyParams = z.object({ id: z.coerce.number().int().min(1), keyId: z.coerce.number().int().min(1) });
