import { STATUS_CODES } from 'node:http';
import { ERROR_CODE_LIST, ERROR_CODES } from '@bcp/contract';
import { ERROR_CODES_EXTENSION, ERROR_CODES_MARK } from './openapi-error-codes.js';
import { addOperationExamples, openApiWebhooks } from './openapi-examples/index.js';

/** A JSON value of the OpenAPI document, walked generically. */
type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;

/** Every value under `node`, depth first (arrays and objects). */
function* walk(node: unknown): Generator<Json> {
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
  } else if (isObject(node)) {
    yield node;
    for (const value of Object.values(node)) yield* walk(value);
  }
}

/** `{ anyOf: [x] }` (Zod's optional arrays) as `x` itself: one alternative is no choice. */
function unwrapSingleAnyOf(schema: Json): void {
  const anyOf = schema.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 1 || !isObject(anyOf[0])) return;
  delete schema.anyOf;
  for (const [key, value] of Object.entries(anyOf[0])) if (!(key in schema)) schema[key] = value;
}

/**
 * A record with enum keys (`z.record(z.enum([...]), v)`) comes out as `required` keys with no
 * `properties`; each key is given the value schema, so that the object says what it holds.
 */
function defineRequiredRecordKeys(schema: Json): void {
  if (!Array.isArray(schema.required) || !isObject(schema.additionalProperties)) return;
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const key of schema.required) {
    if (typeof key === 'string' && !(key in properties)) properties[key] = schema.additionalProperties;
  }
  schema.properties = properties;
}

/** Component schemas reachable from the paths and webhooks (through other components too). */
function usedComponents(document: Json): Set<string> {
  const components = (document.components as Json | undefined)?.schemas as Json | undefined;
  const used = new Set<string>();
  const pending: unknown[] = [document.paths, document.webhooks];
  while (pending.length > 0) {
    for (const node of walk(pending.pop())) {
      const name = typeof node.$ref === 'string' ? COMPONENT_REF.exec(node.$ref)?.[1] : undefined;
      if (name && !used.has(name)) {
        used.add(name);
        pending.push(components?.[name]);
      }
    }
  }
  return used;
}

/**
 * The example of a media type: the first of its schema's (or referenced component's) `examples`;
 * an error answer other than 422 shows only a message (the 422 example has per-field errors).
 */
function liftExample(media: Json, status: string | undefined, components: Json): void {
  if (!isObject(media.schema) || 'example' in media || 'examples' in media) return;
  const ref = typeof media.schema.$ref === 'string' ? COMPONENT_REF.exec(media.schema.$ref)?.[1] : undefined;
  if (ref === 'ErrorResponse' && status && status !== '422') {
    const code = ERROR_CODE_LIST.find((candidate) => String(ERROR_CODES[candidate].status) === status);
    media.example = { message: `${STATUS_CODES[status] ?? 'Error'}.`, code: code ?? 'internal' };
    return;
  }
  const schema = ref ? components[ref] : media.schema;
  // `x-examples`: a request's examples where Zod leaves `examples` out (a transforming schema's input).
  const examples = isObject(schema) ? (schema.examples ?? schema['x-examples']) : undefined;
  if (Array.isArray(examples) && examples.length > 0) media.example = examples[0];
}

/**
 * Decision 059: each error answer of an operation lists the codes it can carry in `x-error-codes`
 * (from the route's mark, openapi-error-codes.ts), and an error answer other than 422 without an
 * example gets one with its first code.
 */
function placeErrorCodes(document: Json): void {
  for (const pathItem of Object.values((document.paths as Json) ?? {})) {
    for (const operation of Object.values(pathItem as Json)) {
      if (!isObject(operation)) continue;
      const byStatus = isObject(operation[ERROR_CODES_MARK]) ? operation[ERROR_CODES_MARK] : {};
      delete operation[ERROR_CODES_MARK];
      for (const [status, response] of Object.entries((operation.responses as Json) ?? {})) {
        const codes = byStatus[status];
        if (!isObject(response) || !/^[45]/.test(status) || !Array.isArray(codes)) continue;
        response[ERROR_CODES_EXTENSION] = codes;
        const media = (response.content as Json | undefined)?.['application/json'];
        if (status === '422' || !isObject(media) || 'example' in media || 'examples' in media) continue;
        media.example = { message: `${STATUS_CODES[status] ?? 'Error'}.`, code: codes[0] };
      }
    }
  }
}

/** Each operation's media types, with the response status (none for a request body). */
function* mediaTypes(document: Json): Generator<[Json, string | undefined]> {
  for (const pathItem of Object.values((document.paths as Json) ?? {})) {
    for (const operation of Object.values(pathItem as Json)) {
      if (!isObject(operation)) continue;
      const bodies: [unknown, string | undefined][] = [
        [operation.requestBody, undefined],
        ...Object.entries((operation.responses as Json) ?? {}).map(([status, response]): [unknown, string] => [
          response,
          status,
        ]),
      ];
      for (const [body, status] of bodies) {
        if (!isObject(body)) continue;
        if (status && body.description === 'Default Response') body.description = STATUS_CODES[status] ?? 'Response';
        for (const media of Object.values((body.content as Json) ?? {})) if (isObject(media)) yield [media, status];
      }
    }
  }
}

/** Operation marks set by the route transform (openapi.ts), read and removed here. */
export const OPTIONAL_BODY = 'x-optional-body';
export const RATE_LIMITED = 'x-rate-limited';

/** The IETF draft rate-limit headers (draft-ietf-httpapi-ratelimit-headers) of a throttled call. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description:
      'Each limit of the call: `"<name>";q=<requests>;w=<window seconds>` (`key`: per partner API key, `ip`: per address).',
    schema: { type: 'string', examples: ['"key";q=600;w=60'] },
  },
  RateLimit: {
    description: 'What is left of each limit: `"<name>";r=<requests remaining>;t=<seconds until the window resets>`.',
    schema: { type: 'string', examples: ['"key";r=599;t=60'] },
  },
};

/**
 * Issue 39 item 2 (decision 060): object-valued query parameters (`filter`) are `deepObject`
 * (`filter[status]=failed`), as the server reads them; a body the call can do without is not
 * required; a throttled call's 2xx and 429 answers declare the rate-limit headers (and 429
 * `Retry-After`).
 */
function describeInputAndLimits(document: Json): void {
  for (const pathItem of Object.values((document.paths as Json) ?? {})) {
    for (const operation of Object.values(pathItem as Json)) {
      if (!isObject(operation)) continue;
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (
          isObject(parameter) &&
          parameter.in === 'query' &&
          isObject(parameter.schema) &&
          parameter.schema.type === 'object'
        ) {
          parameter.style = 'deepObject';
          parameter.explode = true;
        }
      }
      if (operation[OPTIONAL_BODY] === true && isObject(operation.requestBody)) operation.requestBody.required = false;
      if (operation[RATE_LIMITED] === true) {
        for (const [status, response] of Object.entries((operation.responses as Json) ?? {})) {
          if (!isObject(response) || !(/^2/.test(status) || status === '429')) continue;
          const retryAfter =
            status === '429'
              ? { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } }
              : {};
          response.headers = { ...RATE_LIMIT_HEADERS, ...retryAfter, ...(response.headers as Json | undefined) };
        }
      }
      delete operation[OPTIONAL_BODY];
      delete operation[RATE_LIMITED];
    }
  }
}

/**
 * Final touches on the generated document, in one place (issue 26 item 1): the server it is
 * served from; single-alternative `anyOf`s unwrapped and enum-keyed records given their keys;
 * the `webhooks` the partners receive, and each operation's examples from the catalogues
 * (openapi-examples/, decision 062), else its schema's first example (`examples`, or `x-examples`,
 * in Zod's `.meta`);
 * responses described by their status; deepObject filters, optional bodies and rate-limit headers
 * (`describeInputAndLimits`); component schemas no operation uses removed.
 */
export function finishOpenApiDocument<T extends object>(input: T): T {
  const document = input as Json;
  document.servers = [{ url: '/', description: 'The server this document is served from' }];
  for (const node of walk(document)) {
    unwrapSingleAnyOf(node);
    defineRequiredRecordKeys(node);
  }
  document.webhooks = openApiWebhooks();
  addOperationExamples(document.paths);
  const components = (document.components as Json | undefined) ?? {};
  const schemas = (components.schemas as Json | undefined) ?? {};
  placeErrorCodes(document);
  for (const [media, status] of mediaTypes(document)) liftExample(media, status, schemas);
  describeInputAndLimits(document);
  const used = usedComponents(document);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return input;
}
