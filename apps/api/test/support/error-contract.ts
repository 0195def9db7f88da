import { ERROR_CODES, isErrorCode } from '@bcp/contract';
import type { FastifyInstance } from 'fastify';
import { openApiPath } from '../../src/platform/http/openapi.js';
import { ERROR_CODES_EXTENSION } from '../../src/platform/http/openapi-error-codes.js';

type Operations = Record<string, Record<string, { responses?: Record<string, Record<string, unknown>> }>>;

/**
 * The error contract (issue 39 "Done when", decision 059), checked on every answer of a test app:
 * a non-2xx JSON answer has a `code` of the catalogue whose status is the answer's, and, for a
 * documented operation, the document declares that status for it and lists the code among the
 * status's `x-error-codes` (500 `internal` and 503 `unavailable` excepted: any operation may answer
 * them, as the document's description says). Installed by `createTestApp` on every test app; answers that break it are
 * collected (`violations`) and fail the test file when its app closes, each named by route, status
 * and code.
 */
export function checkErrorContract(app: FastifyInstance): { violations: string[] } {
  const violations: string[] = [];
  let paths: Operations | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    const type = String(reply.getHeader('content-type') ?? '');
    if (status < 400 || typeof payload !== 'string' || !/^application\/(problem\+)?json/.test(type)) return payload;
    const url = request.routeOptions.url;
    const operation = url ? `${request.method} ${openApiPath(url)}` : `${request.method} (no route) ${request.url}`;
    let code: unknown;
    try {
      code = (JSON.parse(payload) as { code?: unknown }).code;
    } catch {
      violations.push(`${operation} ${status}: the body is not JSON`);
      return payload;
    }
    if (!isErrorCode(code)) {
      violations.push(`${operation} ${status}: code ${JSON.stringify(code)} is not in the catalogue`);
      return payload;
    }
    if (ERROR_CODES[code].status !== status) {
      violations.push(`${operation} ${status}: code ${code} is a ${ERROR_CODES[code].status} in the catalogue`);
    }
    // Any operation may fail on our side or during an outage (500 `internal`, 503 `unavailable` with
    // Retry-After): said once in the document's description, not per operation.
    if (!url?.startsWith('/api/') || code === 'internal' || code === 'unavailable') return payload;
    paths ??= (app.swagger() as { paths?: Operations }).paths ?? {};
    const documented = paths[openApiPath(url)]?.[request.method.toLowerCase()];
    if (!documented) return payload; // hidden routes (the document itself, test-only plumbing)
    const answer = documented.responses?.[String(status)];
    if (!answer) {
      violations.push(`${operation} ${status} (${code}): status not documented`);
      return payload;
    }
    const codes = answer[ERROR_CODES_EXTENSION];
    if (!Array.isArray(codes) || !codes.includes(code)) {
      violations.push(`${operation} ${status}: code ${code} not among the documented ${ERROR_CODES_EXTENSION}`);
    }
    return payload;
  });
  return { violations };
}

/** Throws when answers broke the error contract (see `checkErrorContract`). */
export function assertErrorContract(contract: { violations: string[] }): void {
  if (contract.violations.length === 0) return;
  const distinct = [...new Set(contract.violations)];
  throw new Error(`Error answers that break the error contract (decision 059):\n  ${distinct.join('\n  ')}`);
}
