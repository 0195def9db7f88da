import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentHeader } from './content-disposition.js';

/**
 * Answers a file as a download (exports, statements, invoices, refused rows): its type, `attachment`
 * with the name (`attachmentHeader`: RFC 6266, any name), never cached (personal and financial data).
 */
export function sendDownload(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; content: Buffer | Readable },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.content);
}

/**
 * Answers a streamed export (`platform/exports/table-export.ts`) as a download named
 * `<name>-<UTC date YYYY-MM-DD>.<extension>` (never cached), e.g. `claims-2026-11-27.csv`.
 */
export function sendDatedExport(
  reply: FastifyReply,
  name: string,
  file: { contentType: string; extension: string; content: Readable },
): FastifyReply {
  const fileName = `${name}-${new Date().toISOString().slice(0, 10)}.${file.extension}`;
  return sendDownload(reply, { ...file, fileName });
}
