import { z } from 'zod';
import { FILE_UPLOAD_TYPES } from '../file-uploads/types.js';
import { listQuery, listResponse, zQueryId } from './lists.js';

/** Messages of the file upload calls (issue 16). */
export const FILE_UPLOAD_MESSAGES = {
  notFound: 'No such file upload.',
  fundNotFound: 'No such fund.',
  type: `Choose one of ${FILE_UPLOAD_TYPES.join(', ')}.`,
  mappingInvalid: 'The column mapping cannot be used; see the fields.',
  fileMissing: 'Attach the file (CSV or XLSX) as the multipart field "file".',
  fileKind: 'Upload a CSV (.csv) or Excel (.xlsx) file.',
  fileTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  fileEmpty: 'The file has no rows under its header.',
  fileUnreadable: 'The file cannot be read as CSV or XLSX.',
  alreadyHasFile: 'This upload has its file already; create a new upload for another file.',
  duplicateFile: (id: number, fileName: string) =>
    `This file was uploaded for this fund already (upload ${id}, ${fileName}).`,
  notReady: (status: string) => `The upload is ${status}; it can be accepted or rejected once validated.`,
  ownUpload: 'You uploaded this file, so someone else must accept it (maker-checker).',
  noteRequired: 'Some rows are refused: add a note to accept the valid rows.',
  reasonRequired: 'Give the reason for rejecting the file.',
  noErrors: 'This upload has no refused rows.',
  noFile: 'This upload has no file yet.',
  mappingLocked: (status: string) => `The upload is ${status}; its mapping can be chosen until its rows are checked.`,
  // The reading budgets and encoding rules of an uploaded file (issue 34 items 2, 3 and 10).
  tooManyColumns: (line: number, max: number) =>
    `Line ${line} of the file has more than ${max} columns; a member file has a few dozen at most.`,
  cellTooLong: (line: number, column: number, max: number) =>
    `Line ${line}, column ${column} of the file holds more than ${max.toLocaleString('en-US')} characters.`,
  rowTooLong: (line: number, max: number) =>
    `Line ${line} of the file is longer than ${max.toLocaleString('en-US')} characters.`,
  tooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString('en-US')} rows; split it into smaller files.`,
  tooManyCells: (max: number) =>
    `The file has more than ${max.toLocaleString('en-US')} cells (rows times header columns); split it into smaller files.`,
  tooSlow: (seconds: number) => `The file took more than ${seconds} seconds to read; split it into smaller files.`,
  xlsxTooLarge: (part: string, maxMegabytes: number) =>
    `The XLSX file unpacks to more than ${maxMegabytes} MB of ${part}; save it as CSV (UTF-8) instead.`,
  xlsxTooManyTexts: (max: number) =>
    `The XLSX file holds more than ${max.toLocaleString('en-US')} different texts; save it as CSV (UTF-8) instead.`,
  xlsxTextTooLong: (max: number) =>
    `The XLSX file holds a text of more than ${max.toLocaleString('en-US')} characters (Excel's own limit).`,
  xlsxDamaged: (reason: string) => `The XLSX file is damaged or not an Excel workbook: ${reason}.`,
  notUtf8: (line: number) =>
    `Line ${line} of the file is not valid UTF-8 while the lines before it are; save the file as CSV UTF-8 again.`,
  mixedEncodings: (line: number) =>
    `Line ${line} of the file is in UTF-8 while the lines before it are in Windows-1252; save the file as CSV UTF-8 again.`,
  notWindows1252: (line: number) =>
    `Line ${line} of the file has a byte that is neither UTF-8 nor Windows-1252; save the file as CSV UTF-8 again.`,
  notUtf16: (line: number) => `Line ${line} of the file is not valid UTF-16; save the file as CSV UTF-8 again.`,
  unsupportedEncoding: 'The file is in UTF-32, which is not read; save it as CSV UTF-8 again.',
} as const;

/** What a member is told when an accepted member file gives them a new benefit (issue 16 rule 7). */
export const FILE_UPLOAD_NOTICES = {
  newMoneyTitle: (fundName: string) => `New money found for you at ${fundName}`,
  newMoneyBody: '<p>A fund has money for you that you have not claimed yet. Open the app to see it and claim it.</p>',
} as const;

/** The file upload's largest file (issue 16 rule 3): 200 MB, a 413 above. */
export const FILE_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;

export const FILE_UPLOAD_STATUSES = [
  /** Created with its mapping; the file is not uploaded yet. */
  'awaiting_file',
  /** The file is stored and its header read; waiting for its rows to be checked. */
  'uploaded',
  /** The file is being read and its rows checked (progress shows how far). */
  'validating',
  /** Rows checked and staged; waiting for a second person to accept or reject. */
  'validated',
  /** Accepted; the rows are being loaded. */
  'accepting',
  'accepted',
  'rejected',
  /** The file could not be read or loaded; see `failureReason`. */
  'failed',
] as const;
export type FileUploadStatus = (typeof FILE_UPLOAD_STATUSES)[number];

const zFileUploadType = z.enum(FILE_UPLOAD_TYPES, { error: () => FILE_UPLOAD_MESSAGES.type });

/** A target field of a file type (see `FILE_UPLOAD_TARGET_FIELDS`). */
export const TargetFieldResponse = z
  .object({
    key: z.string(),
    label: z.string(),
    required: z.boolean(),
    format: z.enum(['sa_id_number', 'text', 'rand_amount', 'email', 'phone_number', 'date']),
    formatHint: z.string(),
    aliases: z.array(z.string()),
    /** The longest cell taken (characters, trimmed); a longer one refuses the row. */
    maxLength: z.number().int(),
  })
  .meta({ id: 'TargetFieldResponse' });

/** `GET /api/v1/file-uploads/types`: each type with its target fields. */
export const FileUploadTypeResponse = z
  .object({ type: zFileUploadType, label: z.string(), description: z.string(), fields: z.array(TargetFieldResponse) })
  .meta({ id: 'FileUploadTypeResponse' });
export type FileUploadTypeResponse = z.infer<typeof FileUploadTypeResponse>;
export const FileUploadTypeListResponse = listResponse(FileUploadTypeResponse).meta({
  id: 'FileUploadTypeListResponse',
});

/** Target field key -> the file's column header. */
export const ColumnMappingShape = z.record(z.string().max(100), z.string().max(200)).meta({ id: 'ColumnMapping' });

/** `GET /api/v1/file-uploads/mapping`: by `type`, or by `fileUploadId` (an uploaded file's own type). */
export const FileUploadMappingQuery = z.object({
  type: zFileUploadType.optional(),
  fileUploadId: z.coerce.number().int().min(1).optional(),
});
export type FileUploadMappingQuery = z.infer<typeof FileUploadMappingQuery>;

export const FileUploadMappingResponse = z
  .object({
    type: zFileUploadType,
    fields: z.array(TargetFieldResponse),
    /** For an uploaded file: its header, as in the file. */
    header: z.array(z.string()).optional(),
    /** For an uploaded file: its first rows (at most 5), cells as text in header order. */
    sampleRows: z.array(z.array(z.string())).optional(),
    /** Target field key -> header: the saved mapping of the fund, then aliases, then fuzzy matches. */
    suggestedMapping: ColumnMappingShape.optional(),
  })
  .meta({ id: 'FileUploadMappingResponse' });
export type FileUploadMappingResponse = z.infer<typeof FileUploadMappingResponse>;

/** `POST /api/v1/file-uploads`: the upload's fund, type and (optionally, until accept) column mapping. */
export const CreateFileUploadRequest = z
  .object({
    fundId: z.number().int().min(1),
    type: zFileUploadType,
    mapping: ColumnMappingShape.optional(),
    /** Keep this mapping as the fund's default for its next file of this type. */
    saveMappingForFund: z.boolean().optional(),
  })
  .meta({ id: 'CreateFileUploadRequest' });
export type CreateFileUploadRequest = z.infer<typeof CreateFileUploadRequest>;

/**
 * `POST /api/v1/file-uploads/mapping`: the mapping chosen for an upload created without one, once
 * its file is in (after `GET file-uploads/mapping` showed its header and the suggestion). The
 * rows are then checked.
 */
export const ChooseFileUploadMappingRequest = z
  .object({
    fileUploadId: z.number().int().min(1),
    mapping: ColumnMappingShape,
    /** Keep this mapping as the fund's default for its next file of this type. */
    saveMappingForFund: z.boolean().optional(),
  })
  .meta({ id: 'ChooseFileUploadMappingRequest' });
export type ChooseFileUploadMappingRequest = z.infer<typeof ChooseFileUploadMappingRequest>;

/** `POST /api/v1/file-uploads/upload` query: which upload the multipart file belongs to. */
export const FileUploadUploadQuery = z.object({ fileUploadId: z.coerce.number().int().min(1) });

/** A file upload (spec 7 `GET file-uploads/{id}`). */
export const FileUploadResponse = z
  .object({
    id: z.number().int(),
    fundId: z.number().int(),
    fundName: z.string(),
    type: zFileUploadType,
    status: z.enum(FILE_UPLOAD_STATUSES),
    fileName: z.string().nullable(),
    /** Bytes of the file as uploaded. */
    fileSize: z.number().int().nullable(),
    /** Hex SHA-256 of the file as uploaded. */
    sha256: z.string().nullable(),
    mapping: ColumnMappingShape.nullable(),
    /** Rows read so far and the rows of the file (total known once read). */
    progress: z.object({ rowsRead: z.number().int(), totalRows: z.number().int().nullable() }),
    counts: z.object({
      valid: z.number().int(),
      refused: z.number().int(),
      warnings: z.number().int(),
    }),
    /** Null for files the system loaded (the demo seed). */
    uploadedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    failureReason: z.string().nullable(),
    /** The accept note or the reject reason, and who decided. */
    decision: z
      .object({ note: z.string().nullable(), by: z.object({ id: z.number().int(), name: z.string() }) })
      .nullable(),
    /** Rows loaded on accept (benefits recorded or updated, persons updated). */
    importedCount: z.number().int(),
    /** `GET file-uploads/{id}` only: the first rows with findings (errors first, then by line), at most 25. */
    rowFindings: z
      .array(
        z.object({
          line: z.number().int(),
          level: z.enum(['error', 'warning']),
          field: z.string(),
          message: z.string(),
        }),
      )
      .optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FileUploadResponse' });
export type FileUploadResponse = z.infer<typeof FileUploadResponse>;

export const FileUploadListQuery = listQuery({
  sort: ['id', 'createdAt', 'status'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: {
    fundId: zQueryId().optional(),
    type: zFileUploadType.optional(),
    status: z.enum(FILE_UPLOAD_STATUSES).optional(),
    uploadedBy: zQueryId().optional(),
  },
});
export type FileUploadListQuery = z.infer<typeof FileUploadListQuery>;
export const FileUploadListResponse = listResponse(FileUploadResponse).meta({ id: 'FileUploadListResponse' });

/** `PATCH /api/v1/file-uploads/{id}/accept`: a note, required when some rows are refused ("accept the valid rows"). */
export const AcceptFileUploadRequest = z
  .object({ note: z.string().trim().max(1000).optional() })
  .meta({ id: 'AcceptFileUploadRequest' })
  // Optional body: accepting needs no note (issue 39 item 2).
  .prefault({});
export type AcceptFileUploadRequest = z.infer<typeof AcceptFileUploadRequest>;

/** `PATCH /api/v1/file-uploads/{id}/reject`: the reason, required. */
export const RejectFileUploadRequest = z
  .object({
    reason: z
      .string({ error: () => FILE_UPLOAD_MESSAGES.reasonRequired })
      .trim()
      .min(1, FILE_UPLOAD_MESSAGES.reasonRequired)
      .max(1000),
  })
  .meta({ id: 'RejectFileUploadRequest' });
export type RejectFileUploadRequest = z.infer<typeof RejectFileUploadRequest>;

/** `GET /api/v1/file-uploads/{id}/download?file=original|errors`. */
export const FileUploadDownloadQuery = z.object({ file: z.enum(['original', 'errors']).default('original') });
