import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this (bytes) go out as they are: compressing them saves nothing worth the CPU. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (issue 14 item 7) with brotli (quality 4, fast enough per request) or gzip,
 * whichever the client accepts, when the body is at least `COMPRESSION_THRESHOLD_BYTES`; sets
 * `vary: accept-encoding`. Static files of the web app come precompressed from the build instead
 * (`installWebApp`). Request bodies are not decompressed: clients send plain JSON and uploads, and a
 * compressed body could unpack far beyond the body-size limit. Register before the routes and the
 * web app. Server-sent events are untouched (that route writes to the socket itself).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
    },
  });
}
