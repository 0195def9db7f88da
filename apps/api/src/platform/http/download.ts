import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers a file as a download (exports, statements, invoices): its type, `attachment` with the
 * name (quotes and line breaks replaced), never cached (personal and financial data).
 */
export function sendDownload(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; content: Buffer | Readable },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(file.content);
}
