import { REQUEST_INPUT_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@bcp/contract';
import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { AppError, type FieldCodes, type FieldErrors } from '../errors/app-error.js';

/**
 * Input a call does not take is refused, not ignored (issue 39 item 2; decision 060): a typo in
 * a filter must not silently widen a list, and a staff-only field must not be taken for granted
 * by a partner.
 * - Query parameters, on every API surface (`/api/app`, `/api/v1`, `/api/v2`): a parameter the
 *   route's `querystring` schema does not declare (any parameter, when it declares none), or a key
 *   of an object-valued parameter it does not declare (`filter[colour]`), is a 422 naming it as
 *   sent, "Unknown query parameter.".
 * - JSON bodies of the partner API (`/api/v2`): a field the body schema does not declare, at any
 *   depth of nested objects, is a 422 naming its dotted path, "Unknown field.".
 * Checked before validation (`preValidation`), after authentication, so nothing changes.
 */
const STRICT_QUERY_PREFIXES = ['/api/app/', '/api/v1/', '/api/v2/'];
const STRICT_BODY_PREFIXES = ['/api/v2/'];

type Def = { type?: string; shape?: Record<string, z.ZodType>; catchall?: z.ZodType; in?: z.ZodType } & Record<
  string,
  unknown
>;
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Wrappers whose inner schema is under `innerType` (Zod 4). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * The object schema under `schema`'s wrappers (optional, default, a pipe's input, ...), with its
 * declared keys; undefined when it is not an object, or an object that takes any key (a catchall).
 */
function objectShape(schema: unknown): Record<string, z.ZodType> | undefined {
  let def = defOf(schema);
  for (let depth = 0; def && depth < 10; depth += 1) {
    if (def.type === 'object') {
      const catchall = defOf(def.catchall)?.type;
      return catchall === undefined || catchall === 'never' ? def.shape : undefined;
    }
    if (def.type === 'pipe') def = defOf(def.in);
    else if (def.type && WRAPPERS.has(def.type)) def = defOf(def.innerType);
    else return undefined;
  }
  return undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The query parameters of `query` that `schema` does not declare, as sent: `colour`, or
 * `filter[colour]` for a key of an object-valued parameter. Without a schema every parameter is
 * unknown; a schema that is not an object (or takes any key) declares them all.
 */
export function unknownQueryParameters(schema: unknown, query: unknown): string[] {
  if (!isPlainObject(query)) return [];
  if (schema === undefined) return Object.keys(query);
  const shape = objectShape(schema);
  if (!shape) return [];
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (!Object.hasOwn(shape, name)) {
      unknown.push(name);
      continue;
    }
    const nested = isPlainObject(value) ? objectShape(shape[name]) : undefined;
    if (!nested || !isPlainObject(value)) continue;
    for (const key of Object.keys(value)) if (!Object.hasOwn(nested, key)) unknown.push(`${name}[${key}]`);
  }
  return unknown;
}

/** The fields of a JSON `body` that `schema` does not declare, by dotted path, nested objects too. */
export function unknownBodyFields(schema: unknown, body: unknown, prefix = ''): string[] {
  const shape = objectShape(schema);
  if (!shape || !isPlainObject(body)) return [];
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (!Object.hasOwn(shape, name)) unknown.push(path);
    else if (isPlainObject(value)) unknown.push(...unknownBodyFields(shape[name], value, path));
  }
  return unknown;
}

/** A 422 naming each of `names` with `message` (keys from the client: no prototype). */
function refuse(names: string[], message: string): AppError {
  const errors: FieldErrors = Object.create(null);
  const fieldCodes: FieldCodes = Object.create(null);
  for (const name of names.slice(0, 20)) {
    errors[name.slice(0, 100)] = [message];
    fieldCodes[name.slice(0, 100)] = ['unknown_field'];
  }
  return new AppError('validation', VALIDATION_FAILED_MESSAGE, errors, { fieldCodes });
}

/**
 * Installs the check on every route of the API surfaces as it is registered: a `preValidation`
 * hook that refuses unknown query parameters (and, under `/api/v2`, unknown body fields) with
 * 422 before the route's own validation. Install before any route.
 */
export function installStrictInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    if (!STRICT_QUERY_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    const schema = route.schema as { querystring?: unknown; body?: unknown } | undefined;
    const strictBody = STRICT_BODY_PREFIXES.some((prefix) => url.startsWith(prefix)) && schema?.body !== undefined;
    const check: preValidationHookHandler = async (request) => {
      const parameters = unknownQueryParameters(schema?.querystring, request.query);
      if (parameters.length > 0) throw refuse(parameters, REQUEST_INPUT_MESSAGES.unknownQueryParameter);
      const fields = strictBody ? unknownBodyFields(schema?.body, request.body) : [];
      if (fields.length > 0) throw refuse(fields, REQUEST_INPUT_MESSAGES.unknownField);
    };
    const existing = route.preValidation;
    const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    route.preValidation = [check, ...list] as never;
  });
}
