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
