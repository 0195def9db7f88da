import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { openApiPath } from '../../src/platform/http/openapi.js';

/** A response the server sent, as the document names its operation. */
export interface RecordedResponse {
  /** `POST /api/v2/benefitclaim/getlist` (the path as the document writes it). */
  operation: string;
  status: number;
  contentType: string;
  body: string;
}

/** Records every response `app` sends (install before the app is ready, e.g. in `prepare`). */
export function recordResponses(app: FastifyInstance): RecordedResponse[] {
  const recorded: RecordedResponse[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (url?.startsWith('/api/') && typeof payload === 'string') {
      recorded.push({
        operation: `${request.method} ${openApiPath(url)}`,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body: payload,
      });
    }
    return payload;
  });
  return recorded;
}

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;

/**
 * Checks responses against the served OpenAPI document's schemas with Ajv (JSON Schema draft
 * 2020-12, OpenAPI 3.1's dialect): the operation must document the status, and a JSON body must
 * match its schema. Answers the problems, empty when the response conforms.
 */
export function responseChecker(document: { paths: Record<string, Record<string, { responses: Responses }>> }) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
  return (response: RecordedResponse): string[] => {
    const [method = '', path = ''] = response.operation.split(' ');
    const responses = document.paths[path]?.[method.toLowerCase()]?.responses;
    if (!responses) return [`${response.operation}: not in the document`];
    if (!responses[String(response.status)]) return [`${response.operation}: status ${response.status} not documented`];
    if (!response.contentType.startsWith('application/json')) return [];
    if (!responses[String(response.status)]?.content?.['application/json']) {
      return [`${response.operation} ${response.status}: no JSON body documented`];
    }
    const pointer = [
      'paths',
      path,
      method.toLowerCase(),
      'responses',
      String(response.status),
      'content',
      'application/json',
      'schema',
    ]
      .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    const validate = ajv.getSchema(`openapi.json#/${pointer}`);
    if (!validate) return [`${response.operation}: schema not found`];
    if (validate(JSON.parse(response.body))) return [];
    return (validate.errors ?? []).map(
      (error: ErrorObject) => `${response.operation} ${response.status}: ${error.instancePath} ${error.message}`,
    );
  };
}

/** An operation of the served document, as far as the file checks read it. */
export interface DocumentedOperation {
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** Media types of an answer that are not a file: JSON, a page, a live stream. */
const NOT_A_FILE = new Set(['application/json', 'text/html', 'text/event-stream']);

/**
 * The operations of the served document whose success answer is a file (CSV, XLSX, PDF, image:
 * any 2xx media type but JSON, HTML and event streams), e.g. `GET /api/v1/invoices/export`.
 */
export function fileOperations(paths: Record<string, Record<string, DocumentedOperation>>) {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) =>
        Object.entries(operation.responses).some(
          ([status, answer]) =>
            status.startsWith('2') && Object.keys(answer.content ?? {}).some((type) => !NOT_A_FILE.has(type)),
        ),
      )
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
        name: `${method.toUpperCase()} ${path}`,
      })),
  );
}
