/**
 * The operations of the served OpenAPI document, as the fuzz test (issue 13) walks them: every
 * path and method, its path, query and header parameters, and its request body's JSON schema
 * (with `$ref`s to `components.schemas` left in place: the generator resolves them).
 */

/** The part of JSON Schema the route schemas use (generated from Zod by fastify-type-provider-zod). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

/** Who an operation is for: the credential a well-behaved caller sends. */
export type Area = 'member' | 'staff' | 'partner' | 'public';

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path template, e.g. `/api/v1/users/{id}`. */
  path: string;
  /** `GET /api/v1/users/{id}`. */
  key: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** The `application/json` request body's schema, when there is one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** Takes a `multipart/form-data` upload (declared, or known: the claim documents route reads the stream itself). */
  multipart: boolean;
  area: Area;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

/** Upload routes that parse `multipart/form-data` themselves, so the document declares no body for them. */
const KNOWN_MULTIPART = new Set(['POST /api/app/benefit-claims/{id}/documents']);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function areaOf(path: string, secured: boolean): Area {
  if (!secured) return 'public';
  if (path.startsWith('/api/v1/')) return 'staff';
  if (path.startsWith('/api/v2/')) return 'partner';
  return 'member';
}

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const upper = method.toUpperCase() as Operation['method'];
      const key = `${upper} ${path}`;
      const parameters = (operation.parameters ?? []).map((parameter) => ({
        in: parameter.in,
        name: parameter.name,
        required: parameter.required === true,
        schema: parameter.schema ?? {},
        ...(parameter.description ? { description: parameter.description } : {}),
      }));
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: upper,
        path,
        key,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        headerParams: parameters.filter((parameter) => parameter.in === 'header'),
        ...(content['application/json']?.schema ? { body: content['application/json'].schema } : {}),
        bodyRequired: operation.requestBody?.required === true,
        multipart: KNOWN_MULTIPART.has(key) || 'multipart/form-data' in content,
        area: areaOf(path, (operation.security ?? []).length > 0),
      });
    }
  }
  return operations;
}
