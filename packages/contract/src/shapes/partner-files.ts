import { z } from 'zod';
import { listResponse } from './lists.js';

/** Messages of the tracing partner file calls (spec 7 `file-download*`, issue 17). */
export const PARTNER_FILE_MESSAGES = {
  partnerNotFound: 'No such tracing partner.',
  fileNotFound: 'No file was generated for this partner yet: generate one first.',
  notReady: 'The file is still being built: try again in a moment.',
  failed: 'Building this file failed: generate it again.',
  expired: 'This download link has expired: generate the file again.',
} as const;

/** The formats a partner file is built in. */
export const PARTNER_FILE_FORMATS = ['csv', 'xlsx'] as const;
export const PARTNER_FILE_STATUSES = ['queued', 'ready', 'failed'] as const;

/** The columns of a partner file, in order (the partner answers with a `trace_results` upload). */
export const PARTNER_FILE_COLUMNS = [
  'id_number',
  'first_name',
  'last_name',
  'date_of_birth',
  'fund',
  'member_number',
] as const;

/** A file generated for a tracing partner. */
export const PartnerFileResponse = z
  .object({
    id: z.number().int(),
    partnerId: z.number().int(),
    format: z.enum(PARTNER_FILE_FORMATS),
    status: z.enum(PARTNER_FILE_STATUSES),
    /** Persons in the file (known once built). */
    rowCount: z.number().int(),
    /** Where to download it (with the permission), until `expiresAt`. */
    downloadUrl: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'PartnerFileResponse' });
export type PartnerFileResponse = z.infer<typeof PartnerFileResponse>;

/** `GET file-download/partners`: a tracing partner with its funds and how many of their persons need tracing. */
export const TracingPartnerResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    contactEmail: z.string().nullable(),
    funds: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** Persons of its funds with an unclaimed benefit, no account, no phone or email, not deceased. */
    needTracing: z.number().int(),
    /** The partner's latest generated file, if any. */
    latestFile: PartnerFileResponse.nullable(),
  })
  .meta({ id: 'TracingPartnerResponse' });
export type TracingPartnerResponse = z.infer<typeof TracingPartnerResponse>;
export const TracingPartnerListResponse = listResponse(TracingPartnerResponse).meta({
  id: 'TracingPartnerListResponse',
});

/** `GET file-download/{id}/generate` query. */
export const GeneratePartnerFileQuery = z.object({
  format: z.enum(PARTNER_FILE_FORMATS, { error: 'Choose csv or xlsx.' }).default('csv'),
});

/** `GET file-download/{id}/download` query: a file of the partner (default: its latest). */
export const PartnerFileDownloadQuery = z.object({ file: z.coerce.number().int().min(1).optional() });
