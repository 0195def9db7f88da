import {
  type ChooseFileUploadMappingRequest,
  type CreateFileUploadRequest,
  checkMapping,
  FILE_UPLOAD_MESSAGES,
  FILE_UPLOAD_TARGET_FIELDS,
  FILE_UPLOAD_TYPE_LABELS,
  FILE_UPLOAD_TYPES,
  type FileUploadListQuery,
  type FileUploadMappingQuery,
  type FileUploadMappingResponse,
  type FileUploadResponse,
  type FileUploadType,
  type FileUploadTypeResponse,
  type ListResponse,
  suggestMapping,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import type { AuditContext } from '../../platform/audit/audit.service.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type FileUploadListRow, findFileUploadListRow, listFileUploadRows } from '../../queries/file-upload-list.js';
import { findFundName } from '../funds/index.js';
import {
  type FileUploadRecord,
  findFundMapping,
  findStagedFindings,
  findUpload,
  insertAwaitingUpload,
  setUploadMapping,
  upsertFundMapping,
} from './file-uploads.repository.js';

/**
 * File uploads (issue 16, spec 7 `file-uploads*`): create (fund, type, mapping), the types and
 * their target fields, the mapping suggestion, one upload and the list. The file itself is handled
 * by `upload-file.service.ts`.
 */

/** Where uploaded files are kept in the private file store. */
export const FILE_UPLOADS_FOLDER = 'file-uploads';
/** Rows of a file shown under its header when mapping. */
export const MAPPING_SAMPLE_ROWS = 5;
/** Row findings shown by `GET file-uploads/{id}`. */
const ROW_FINDINGS_PAGE = 25;

type UploadRow = FileUploadListRow;

function toResponse(row: UploadRow): FileUploadResponse {
  const { upload } = row;
  return {
    id: upload.id,
    fundId: upload.fundId,
    fundName: row.fundName,
    type: upload.kind,
    // The demo seed's direct import reads as accepted.
    status: upload.status === 'imported' ? 'accepted' : upload.status,
    fileName: upload.fileName,
    fileSize: upload.fileSize,
    sha256: upload.sha256,
    mapping: upload.mapping,
    progress: { rowsRead: upload.rowsRead, totalRows: upload.rowCount > 0 ? upload.rowCount : null },
    counts: {
      valid: Math.max(upload.rowCount - upload.errorCount, 0),
      refused: upload.errorCount,
      warnings: upload.warningCount,
    },
    uploadedBy: upload.uploadedByUserId === null ? null : { id: upload.uploadedByUserId, name: row.uploaderName ?? '' },
    failureReason: upload.failureReason,
    decision:
      upload.decidedByUserId === null
        ? null
        : { note: upload.decisionNote, by: { id: upload.decidedByUserId, name: row.deciderName ?? '' } },
    importedCount: upload.importedCount,
    createdAt: upload.createdAt.toISOString(),
    updatedAt: upload.updatedAt.toISOString(),
  };
}

/** The types with their target fields (spec 7 `GET file-uploads/types`). */
export function listFileUploadTypes(): FileUploadTypeResponse[] {
  return FILE_UPLOAD_TYPES.map((type) => ({
    type,
    ...FILE_UPLOAD_TYPE_LABELS[type],
    fields: FILE_UPLOAD_TARGET_FIELDS[type].map((field) => ({ ...field, aliases: [...field.aliases] })),
  }));
}

/**
 * One file upload (spec 7 `GET file-uploads/{id}`).
 * @throws AppError `not_found` (404)
 */
export async function getFileUpload(db: Database, id: number): Promise<FileUploadResponse> {
  const row = await findFileUploadListRow(db, id);
  if (!row) throw new AppError('not_found', FILE_UPLOAD_MESSAGES.notFound);
  const staged = await findStagedFindings(db, id, ROW_FINDINGS_PAGE);
  const rowFindings = staged
    .flatMap((staging) => (staging.findings ?? []).map((finding) => ({ line: staging.line, ...finding })))
    .slice(0, ROW_FINDINGS_PAGE);
  return { ...toResponse(row), rowFindings };
}

/** The stored row of an upload, or a 404. */
export async function findFileUploadRow(db: Database, id: number): Promise<FileUploadRecord> {
  const row = await findUpload(db, id);
  if (!row) throw new AppError('not_found', FILE_UPLOAD_MESSAGES.notFound);
  return row;
}

/** The file uploads, newest first by default (spec 7 `GET file-uploads`; filters fund, type, status, uploader). */
export async function listFileUploads(
  db: Database,
  query: FileUploadListQuery,
): Promise<ListResponse<FileUploadResponse>> {
  return listFileUploadRows(db, query, toResponse);
}

/** The mapping a fund saved for a type, or `{}`. */
export async function savedMapping(
  db: Database,
  fundId: number,
  type: FileUploadType,
): Promise<Record<string, string>> {
  return (await findFundMapping(db, fundId, type)) ?? {};
}

/** Keeps `mapping` as the fund's default for its next file of the type (issue 16 rule 2). */
async function saveFundMapping(
  db: Database,
  fundId: number,
  type: FileUploadType,
  mapping: Record<string, string>,
): Promise<void> {
  await upsertFundMapping(db, fundId, type, mapping);
}

/**
 * Chooses the mapping of an upload created without one (spec 7 `file-uploads/mapping`, POST): on
 * an upload awaiting its file it is kept for the upload; on an uploaded file it is checked against
 * the file's header and the rows are checked next (`startValidation`, the upload `validating`).
 * With `saveMappingForFund` it becomes the fund's default for the type. Audited
 * (`file-uploads.mapped`).
 * @throws AppError 404; 409 once the rows are being checked or later; 422 for a mapping that
 * misses a required field, names an unknown field or a column the file does not have
 */
export async function chooseMapping(
  deps: {
    db: Database;
    readHeader: (upload: FileUploadRecord) => Promise<string[]>;
    startValidation: (id: number) => Promise<unknown>;
  },
  body: ChooseFileUploadMappingRequest,
  context: AuditContext,
): Promise<FileUploadResponse> {
  const upload = await findFileUploadRow(deps.db, body.fileUploadId);
  if (upload.status !== 'awaiting_file' && upload.status !== 'uploaded') {
    throw new AppError('conflict', FILE_UPLOAD_MESSAGES.mappingLocked(upload.status));
  }
  const uploaded = upload.status === 'uploaded';
  assertMappingUsable(upload.kind, body.mapping, uploaded ? await deps.readHeader(upload) : undefined);
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const updated = await setUploadMapping(tx, upload.id, upload.status, {
      mapping: body.mapping,
      status: uploaded ? 'validating' : 'awaiting_file',
    });
    if (!updated) throw new AppError('conflict', FILE_UPLOAD_MESSAGES.mappingLocked('changing'));
    if (body.saveMappingForFund) await saveFundMapping(tx, upload.fundId, upload.kind, body.mapping);
    await recordAudit(tx, {
      ...context,
      action: 'file-uploads.mapped',
      entityType: 'file-uploads',
      entityId: upload.id,
      before: { mapping: upload.mapping },
      after: { mapping: body.mapping, savedForFund: body.saveMappingForFund === true },
    });
  });
  if (uploaded) await deps.startValidation(upload.id);
  return getFileUpload(deps.db, upload.id);
}

/**
 * Creates an upload awaiting its file (spec 7 `POST file-uploads`): the fund, the type and, if
 * known, the column mapping (checked against the type's fields; against the file's header once
 * uploaded). With `saveMappingForFund` the mapping becomes the fund's default for the type. Audited.
 * @throws AppError `validation` (422) for an unknown fund or a mapping that cannot be used
 */
export async function createFileUpload(
  db: Database,
  body: CreateFileUploadRequest,
  context: AuditContext & { userId: number },
): Promise<FileUploadResponse> {
  const fund = await findFundName(db, body.fundId);
  if (!fund)
    throw new AppError('validation', FILE_UPLOAD_MESSAGES.fundNotFound, {
      fundId: [FILE_UPLOAD_MESSAGES.fundNotFound],
    });
  if (body.mapping) assertMappingUsable(body.type, body.mapping);
  const id = await db.transaction(async (tx) => {
    const created = await insertAwaitingUpload(tx as unknown as Database, {
      fundId: body.fundId,
      kind: body.type,
      mapping: body.mapping ?? null,
      uploadedByUserId: context.userId,
    });
    if (body.mapping && body.saveMappingForFund) {
      await saveFundMapping(tx as unknown as Database, body.fundId, body.type, body.mapping);
    }
    const db2 = tx as unknown as Database;
    await recordAudit(db2, {
      ...context,
      action: 'file-uploads.created',
      entityType: 'file-uploads',
      entityId: created.id,
      after: { fundId: created.fundId, type: created.kind, mapping: created.mapping },
    });
    return created.id;
  });
  return getFileUpload(db, id);
}

/**
 * Refuses a mapping that misses a required field, names an unknown field, or (given the header)
 * a column the file does not have.
 * @throws AppError `validation` (422) with messages under `mapping.<field>`
 */
export function assertMappingUsable(type: FileUploadType, mapping: Record<string, string>, header?: string[]): void {
  const errors = checkMapping(type, mapping, header);
  if (Object.keys(errors).length === 0) return;
  throw new AppError(
    'validation',
    FILE_UPLOAD_MESSAGES.mappingInvalid,
    Object.fromEntries(Object.entries(errors).map(([key, messages]) => [`mapping.${key}`, messages])),
  );
}

/**
 * The mapping screen's data (spec 7 `GET file-uploads/mapping`): a type's target fields; for an
 * uploaded file (`fileUploadId`) also its header, its first rows and the suggested mapping (the
 * fund's saved mapping, then aliases, then fuzzy matches).
 * @throws AppError `validation` (422) with neither `type` nor `fileUploadId`; `not_found` (404)
 */
export async function mappingFor(
  deps: {
    db: Database;
    readSample: (upload: FileUploadRecord) => Promise<{ header: string[]; sampleRows: string[][] }>;
  },
  query: FileUploadMappingQuery,
): Promise<FileUploadMappingResponse> {
  if (query.fileUploadId === undefined) {
    if (!query.type) throw new AppError('validation', FILE_UPLOAD_MESSAGES.type, { type: [FILE_UPLOAD_MESSAGES.type] });
    return { type: query.type, fields: listFileUploadTypes().find((item) => item.type === query.type)?.fields ?? [] };
  }
  const upload = await findFileUploadRow(deps.db, query.fileUploadId);
  const type = upload.kind;
  const fields = listFileUploadTypes().find((item) => item.type === type)?.fields ?? [];
  if (!upload.storedName) return { type, fields };
  const { header, sampleRows } = await deps.readSample(upload);
  const saved = upload.mapping ?? (await savedMapping(deps.db, upload.fundId, type));
  return { type, fields, header, sampleRows, suggestedMapping: suggestMapping(type, header, saved) };
}
