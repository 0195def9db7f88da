import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, sendErrorBody } from '../errors/error-body.js';

/** After refusing a body, how much of it we still read (and discard) so the answer is not lost. */
export const OVERSIZE_DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** ...and for how long (seconds), before the connection is cut. */
export const OVERSIZE_DRAIN_SECONDS = 15;

const TOO_LARGE_MESSAGE = 'Request body is too large.';

/**
 * Reads and discards the rest of a refused request body, then ends the connection once both the
 * body and the answer are through. Closing at once (what the framework does) makes the kernel
 * reset a connection the client is still writing to, and the client never reads its 413 (issue 13
 * item 11). A client that sends more than `OVERSIZE_DRAIN_MAX_BYTES`, or takes longer than
 * `OVERSIZE_DRAIN_SECONDS`, is cut off; a connection that closes first takes its timer with it.
 * A request with no network connection (one made in-process with `inject`) has nothing to drain.
 */
export function drainThenClose(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  const socket = raw.socket;
  if (!(socket instanceof Socket) || raw.complete || socket.destroyed) return;
  let drained = 0;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, OVERSIZE_DRAIN_SECONDS * 1000);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  const closeWhenDone = () => {
    if (!raw.complete || !reply.raw.writableFinished) return;
    clearTimeout(timer);
    socket.end();
  };
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > OVERSIZE_DRAIN_MAX_BYTES) {
      clearTimeout(timer);
      cut();
    }
  });
  raw.once('end', closeWhenDone);
  reply.raw.once('finish', closeWhenDone);
  raw.resume();
}

/**
 * Refuses a body whose `Content-Length` is over the route's `bodyLimit` (bytes; the server's 1 MB
 * unless the route sets one) at once, before a byte of it is read: 413 `{ message }`, then
 * `drainThenClose`. Bodies without a length (chunked) are counted by the parser, whose 413 the
 * error handler sends the same way.
 */
export function installBodySizeGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit;
    if (!Number.isFinite(declared) || limit === undefined || declared <= limit) return;
    drainThenClose(request, reply);
    return sendErrorBody(request, reply, errorBody('body_too_large', TOO_LARGE_MESSAGE));
  });
}

/** Whether an error is the parser's refusal of a body over the limit (a chunked body, say). */
export function isBodyTooLarge(error: { code?: string }): boolean {
  return error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
}
