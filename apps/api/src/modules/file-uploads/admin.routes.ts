import {
  AcceptFileUploadRequest,
  ChooseFileUploadMappingRequest,
  CreateFileUploadRequest,
  ErrorResponse,
  FILE_UPLOAD_MAX_BYTES,
  FILE_UPLOAD_MESSAGES,
  FileUploadDownloadQuery,
  FileUploadListQuery,
  FileUploadListResponse,
  FileUploadMappingQuery,
  FileUploadMappingResponse,
  FileUploadResponse,
  FileUploadTypeListResponse,
  FileUploadUploadQuery,
  IdParams,
  RejectFileUploadRequest,
  wholeList,
} from '@bcp/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { requireStaff } from '../../platform/auth/route-access.js';
import { AppError } from '../../platform/errors/app-error.js';
import { EXPORT_PRODUCES } from '../../platform/exports/table-export.js';
import { sendStoredFile } from '../../platform/files/file-stores.js';
import { sendDownload } from '../../platform/http/download.js';
import { ACCEPT_UPLOAD_QUEUE } from './accept-upload.job.js';
import { acceptFileUpload, rejectFileUpload } from './decide-upload.service.js';
import { downloadUpload } from './download-upload.service.js';
import {
  chooseMapping,
  createFileUpload,
  getFileUpload,
  listFileUploads,
  listFileUploadTypes,
  MAPPING_SAMPLE_ROWS,
  mappingFor,
} from './file-uploads.service.js';
import { readUploadSample, uploadFile } from './upload-file.service.js';
import { VALIDATE_UPLOAD_QUEUE } from './validate-upload.job.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };
const tags = ['file uploads'];
const read = { access: { area: 'admin', permission: 'file-uploads.read' } } as const;
const write = { access: { area: 'admin', permission: 'file-uploads.write' } } as const;
const decide = { access: { area: 'admin', permission: 'file-uploads.accept' } } as const;
/** Room for the multipart boundaries and part headers around the file (bytes). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Member data uploads (spec 7 `file-uploads*`, issue 16): a fund's member file, trace results or
 * payment confirmations, created with a column mapping, then uploaded (streamed, CSV or XLSX).
 */
export const fileUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One byte over the limit reaches the store, which refuses it (413).
    limits: { fileSize: FILE_UPLOAD_MAX_BYTES + 1, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/file-uploads',
    {
      config: read,
      schema: {
        operationId: 'listFileUploads',
        summary: 'File uploads: filter[fundId], filter[type], filter[status], filter[uploadedBy]; newest first',
        tags,
        querystring: FileUploadListQuery,
        response: { 200: FileUploadListResponse, ...errors },
      },
    },
    async (request) => listFileUploads(app.db, request.query),
  );

  app.get(
    '/file-uploads/types',
    {
      config: read,
      schema: {
        operationId: 'listFileUploadTypes',
        summary: 'The file types (member_file, trace_results, payment_confirmations) with their target fields',
        tags,
        response: { 200: FileUploadTypeListResponse, ...errors },
      },
    },
    async () => wholeList(listFileUploadTypes()),
  );

  app.get(
    '/file-uploads/mapping',
    {
      config: read,
      schema: {
        operationId: 'getFileUploadMapping',
        summary: "A type's target fields; for an uploaded file also its header, sample rows and a suggested mapping",
        description: 'Pass `type`, or `fileUploadId` for an upload (its type, and once its file is in, the rest).',
        tags,
        querystring: FileUploadMappingQuery,
        response: { 200: FileUploadMappingResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) =>
      mappingFor(
        { db: app.db, readSample: (upload) => readUploadSample(app.files, upload, MAPPING_SAMPLE_ROWS) },
        request.query,
      ),
  );

  app.post(
    '/file-uploads/mapping',
    {
      config: write,
      schema: {
        operationId: 'setFileUploadMapping',
        summary:
          'Choose the column mapping of an upload created without one; once its file is in, its rows are checked',
        description:
          'Checked against the type (required and known fields) and, for an uploaded file, its header (422). ' +
          '`saveMappingForFund` keeps it as the fund default for the next file. 409 once the rows are being checked.',
        tags,
        body: ChooseFileUploadMappingRequest,
        response: { 200: FileUploadResponse, 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) =>
      chooseMapping(
        {
          db: app.db,
          readHeader: async (upload) => (await readUploadSample(app.files, upload, 0)).header,
          startValidation: (fileUploadId) => app.jobs.send(VALIDATE_UPLOAD_QUEUE, { fileUploadId }),
        },
        request.body,
        auditContext(request),
      ),
  );

  app.post(
    '/file-uploads',
    {
      config: write,
      schema: {
        operationId: 'createFileUpload',
        summary: 'Create a file upload: fund, type and column mapping (the file follows with POST file-uploads/upload)',
        tags,
        body: CreateFileUploadRequest,
        response: { 201: FileUploadResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const created = await createFileUpload(app.db, request.body, { ...auditContext(request), userId: staff.userId });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/file-uploads/upload',
    {
      bodyLimit: FILE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      config: write,
      schema: {
        operationId: 'uploadFileUploadFile',
        summary: "Upload the file of a created upload (multipart field 'file'; CSV or XLSX, at most 200 MB)",
        description:
          'Streamed to the private file store with its SHA-256. 409 when the same file was uploaded for the fund ' +
          'before (the message names that upload) or the upload has its file; 413 over 200 MB; 415 not CSV/XLSX.',
        tags,
        consumes: ['multipart/form-data'],
        querystring: FileUploadUploadQuery,
        response: {
          200: FileUploadResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', FILE_UPLOAD_MESSAGES.fileMissing);
      const file = await request.file();
      if (!file)
        throw new AppError('validation', FILE_UPLOAD_MESSAGES.fileMissing, {
          file: [FILE_UPLOAD_MESSAGES.fileMissing],
        });
      return uploadFile(
        {
          db: app.db,
          files: app.files,
          startValidation: (fileUploadId) => app.jobs.send(VALIDATE_UPLOAD_QUEUE, { fileUploadId }),
        },
        request.query.fileUploadId,
        { fileName: file.filename, content: file.file },
        auditContext(request),
      );
    },
  );

  app.get(
    '/file-uploads/:id',
    {
      config: read,
      schema: {
        operationId: 'getFileUpload',
        summary: 'A file upload: status, progress (rows read / total) and counts',
        tags,
        params: IdParams,
        response: { 200: FileUploadResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => getFileUpload(app.db, request.params.id),
  );

  app.patch(
    '/file-uploads/:id/accept',
    {
      config: decide,
      schema: {
        operationId: 'acceptFileUpload',
        summary: 'Accept a validated file: its valid rows are loaded by a job (maker-checker: not by its uploader)',
        description:
          '403 for the person who uploaded it; 422 without a note when rows are refused; 409 when not validated. ' +
          'The load is all or nothing; GET file-uploads/{id} shows `accepting`, then `accepted` (or `failed`).',
        tags,
        params: IdParams,
        body: AcceptFileUploadRequest,
        response: { 200: FileUploadResponse, 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) =>
      acceptFileUpload(
        { db: app.db, startLoad: (fileUploadId) => app.jobs.send(ACCEPT_UPLOAD_QUEUE, { fileUploadId }) },
        request.params.id,
        request.body,
        { ...auditContext(request), userId: requireStaff(request).userId },
      ),
  );

  app.patch(
    '/file-uploads/:id/reject',
    {
      config: decide,
      schema: {
        operationId: 'rejectFileUpload',
        summary: 'Reject a validated file with a reason: nothing is loaded, the file stays for the audit trail',
        tags,
        params: IdParams,
        body: RejectFileUploadRequest,
        response: { 200: FileUploadResponse, 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) =>
      rejectFileUpload(app.db, request.params.id, request.body, {
        ...auditContext(request),
        userId: requireStaff(request).userId,
      }),
  );

  app.get(
    '/file-uploads/:id/download',
    {
      config: read,
      schema: {
        operationId: 'downloadFileUpload',
        summary:
          'Download the file as uploaded (file=original) or its refused rows with a reason (file=errors, CSV); audited',
        tags,
        params: IdParams,
        querystring: FileUploadDownloadQuery,
        produces: EXPORT_PRODUCES,
        response: { 200: z.any().describe('The file'), 404: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const download = await downloadUpload(
        { db: app.db, files: app.files },
        request.params.id,
        request.query.file,
        auditContext(request),
      );
      if (!('content' in download)) return sendStoredFile(reply, app.files, app.config.files, download);
      return sendDownload(reply, download);
    },
  );
};
