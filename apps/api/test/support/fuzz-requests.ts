import { buildSaIdNumber } from '@bcp/contract';
import { en, Faker } from '@faker-js/faker';
import { SAMPLE_FILES } from './claims.js';
import type { JsonSchema, OpenApiDocument, Operation, Parameter } from './fuzz-operations.js';
import {
  EXTRA_BODY_MEMBERS,
  HOSTILE_HEADERS,
  HOSTILE_NUMBERS,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_PATH_SUFFIXES,
  HOSTILE_QUERY_RAW,
  HOSTILE_STRINGS,
  hostileAuthorizations,
  hostileJsonValues,
  hostileQueryParts,
  malformedBodies,
  multipart,
  prototypeBodies,
  prototypeQueryParts,
  RawJson,
  toJson,
} from './fuzz-values.js';

/**
 * Generates the fuzz test's requests (issue 13) from the operations of the OpenAPI document, with
 * a seeded faker: valid-ish requests built from the parameter and body schemas, then boundary and
 * hostile variants of them (one strategy per request).
 */

/** How a request departs from a valid one. Each operation is given each strategy in turn. */
export const STRATEGIES = [
  'valid',
  'boundary',
  'wrong-credential',
  'no-credential',
  'hostile-path',
  'hostile-query',
  'proto-query',
  'hostile-field',
  'proto-body',
  'malformed-body',
  'wrong-types',
  'extra-keys',
  'hostile-headers',
  'mixed',
] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Which credential a request carries: `garbage` is a well-formed bearer token nobody was given. */
export type CredentialName = 'member' | 'staff' | 'partner' | 'none' | 'garbage';

/** The current tokens (the test replaces one when a request ended its session). */
export interface Credentials {
  member: string;
  staff: string;
  partner: string;
  /** Another member's session: the fuzzer tries it where it does not belong. */
  otherMember: string;
}

/** What the generator knows about the world, for valid-looking values. */
export interface Facts {
  memberIdNumber: string;
  memberEmail: string;
  memberPhone: string;
  staffEmail: string;
}

/** Ids (and identity check references) known to exist, by pool name (see `poolForPrefix`). */
export type Pools = Map<string, (number | string)[]>;

export interface FuzzRequest {
  index: number;
  /** `GET /api/v1/users/{id}` */
  operation: string;
  strategy: Strategy;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  credential: CredentialName;
  remoteAddress: string;
  /** Keys that would show on `Object.prototype` if this request polluted it. */
  markers: string[];
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const XSRF_TOKEN = 'fuzz-xsrf-token-0123456789';

/** Pools by the path before a parameter (`/api/v1/funds/{id}/fees/` holds fee ids): first match wins. */
const PATH_POOLS: readonly [RegExp, string][] = [
  [/\/audits\/$/, 'audits'],
  [/^\/api\/identity-sandbox\/checks\//, 'references'],
  [/\/documents\/$/, 'documents'],
  [/^\/api\/app\/person-users\//, 'personUsers'],
  [/^\/api\/app\/benefit-claims\/person-banks\//, 'personBanks'],
  [/^\/api\/app\/benefit-claims\//, 'memberBenefits'],
  [/^\/api\/app\/benefits\//, 'memberBenefits'],
  [/^\/api\/app\/firebase\/notification/, 'notifications'],
  [/^\/api\/app\/firebase\//, 'personUsers'],
  [/^\/api\/app\/banks\//, 'banks'],
  [/^\/api\/app\/faq-funds\//, 'faqs'],
  [/^\/api\/v1\/users\//, 'users'],
  [/^\/api\/v1\/roles\//, 'roles'],
  [/^\/api\/v1\/permissions\//, 'permissions'],
  [/^\/api\/v1\/tasks\//, 'tasks'],
  [/^\/api\/v1\/funds\/[^/]+\/fees\//, 'fees'],
  [/^\/api\/v1\/funds\/[^/]+\/process-steps\//, 'processSteps'],
  [/^\/api\/v1\/funds\//, 'funds'],
  [/^\/api\/v1\/fees\//, 'fees'],
  [/^\/api\/v1\/fund_types\//, 'fundTypes'],
  [/^\/api\/v1\/banks\//, 'banks'],
  [/^\/api\/v1\/account_types\//, 'accountTypes'],
  [/^\/api\/v1\/historic-accounts\//, 'historicAccounts'],
  [/^\/api\/v1\/partners\/[^/]+\/api-keys\//, 'apiKeys'],
  [/^\/api\/v1\/partners\//, 'partners'],
  [/^\/api\/v1\/templates\//, 'templates'],
  [/^\/api\/v1\/faq\//, 'faqs'],
  [/^\/api\/v1\/benefits\/claims?\//, 'claims'],
  // Person ids (`person/user/delete/{id}` closes that member's account): not benefit ids, which
  // may name the bystander's person.
  [/^\/api\/v1\/benefits\/(?:person|update\/person)\//, 'persons'],
  [/^\/api\/v1\/benefits\//, 'benefits'],
];

/** Pools by a body or query member's name. */
const NAME_POOLS: readonly [RegExp, string][] = [
  [/^bankAccountId$/, 'personBanks'],
  [/^bankIds?$/, 'banks'],
  [/^fundIds?$/, 'funds'],
  [/^roleIds?$/, 'roles'],
  [/^claimId$/, 'claims'],
  [/^(assigneeId|userId)$/, 'users'],
  [/^personUserId$/, 'personUsers'],
  [/^stepId$/, 'processSteps'],
  [/^(administratorPartnerId|partnerId)$/, 'partners'],
  [/^fundTypeId$/, 'fundTypes'],
  [/^benefitId$/, 'memberBenefits'],
  [/^ids$/, 'notifications'],
];

/** The pool of ids for a path prefix ending in `/` (the part before a parameter, or a collection). */
export function poolForPrefix(prefix: string): string | undefined {
  return PATH_POOLS.find(([pattern]) => pattern.test(prefix))?.[1];
}

/** The pool a response's ids belong to, by the operation's path template. */
export function poolForOperationPath(path: string): string | undefined {
  return poolForPrefix(path.endsWith('}') ? path.slice(0, path.lastIndexOf('{')) : `${path}/`);
}

type Mode = 'typical' | 'boundary';

export class RequestGenerator {
  private readonly faker: Faker;
  private sequence = 0;

  constructor(
    readonly seed: number,
    private readonly document: OpenApiDocument,
    private readonly pools: Pools,
    private readonly credentials: () => Credentials,
    private readonly facts: Facts,
  ) {
    this.faker = new Faker({ locale: [en] });
    this.faker.seed(seed);
  }

  private chance(probability: number): boolean {
    return this.faker.number.float({ min: 0, max: 1 }) < probability;
  }

  private pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items as T[]);
  }

  private int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  private resolve(schema: JsonSchema | undefined): JsonSchema {
    let current = schema ?? {};
    for (let depth = 0; current.$ref && depth < 10; depth += 1) {
      const name = current.$ref.replace('#/components/schemas/', '');
      current = this.document.components?.schemas?.[name] ?? {};
    }
    if (current.allOf) {
      const merged: JsonSchema = { properties: {}, required: [] };
      for (const part of current.allOf) {
        const resolved = this.resolve(part);
        Object.assign(merged, { ...resolved, properties: merged.properties, required: merged.required });
        Object.assign(merged.properties as object, resolved.properties);
        merged.required?.push(...(resolved.required ?? []));
      }
      return merged;
    }
    return current;
  }

  private typeOf(schema: JsonSchema): string | undefined {
    return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
  }

  private poolPick(pool: string | undefined): number | string | undefined {
    const ids = pool ? this.pools.get(pool) : undefined;
    return ids && ids.length > 0 ? this.pick(ids) : undefined;
  }

  // ---------------------------------------------------------------- valid values from a schema

  /** A value the schema allows (mostly), shaped by the member's name (`email`, `fundId`, ...). */
  valid(schema: JsonSchema | undefined, name: string, mode: Mode, depth = 0): unknown {
    const resolved = this.resolve(schema);
    if ('const' in resolved) return resolved.const;
    if (resolved.enum) return this.pick(resolved.enum);
    const branches = resolved.anyOf ?? resolved.oneOf;
    if (branches) {
      const concrete = branches.filter((branch) => this.typeOf(this.resolve(branch)) !== 'null' || branch.enum);
      if (concrete.length === 0 || (concrete.length < branches.length && this.chance(0.15))) return null;
      return this.valid(this.pick(concrete), name, mode, depth);
    }
    switch (this.typeOf(resolved)) {
      case 'integer':
      case 'number':
        return this.validNumber(resolved, name, mode);
      case 'boolean':
        return this.faker.datatype.boolean();
      case 'array': {
        const min = resolved.minItems ?? 0;
        const max = Math.max(min, Math.min(resolved.maxItems ?? 5, mode === 'boundary' ? 60 : 3));
        const count = mode === 'boundary' ? this.pick([min, max]) : this.int(min, max);
        return Array.from({ length: count }, () => this.valid(resolved.items, name, mode, depth + 1));
      }
      case 'object':
        return this.validObject(resolved, mode, depth);
      case 'null':
        return null;
      default:
        return this.validString(resolved, name, mode);
    }
  }

  private validObject(schema: JsonSchema, mode: Mode, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const required = new Set(schema.required ?? []);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      // A cursor is only valid as the server wrote it: mostly left out.
      const often = key === 'cursor' ? 0.1 : mode === 'boundary' ? 0.9 : 0.75;
      if (required.has(key) || (depth < 4 && this.chance(often))) {
        result[key] = this.valid(property, key, mode, depth + 1);
      }
    }
    return result;
  }

  private validNumber(schema: JsonSchema, name: string, mode: Mode): number {
    const minimum =
      schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : Math.floor(schema.exclusiveMinimum) + 1);
    const maximum =
      schema.maximum ?? (schema.exclusiveMaximum === undefined ? 2 ** 31 - 1 : schema.exclusiveMaximum - 1);
    if (mode === 'boundary') return this.pick([minimum, maximum, minimum + 1, Math.max(minimum, maximum - 1)]);
    const pooled = this.chance(0.85)
      ? this.poolPick(NAME_POOLS.find(([pattern]) => pattern.test(name))?.[1])
      : undefined;
    if (typeof pooled === 'number') return pooled;
    if (this.typeOf(schema) === 'number') return this.faker.number.float({ min: minimum, max: Math.min(maximum, 1e6) });
    return this.int(minimum, Math.max(minimum, Math.min(maximum, minimum + 50)));
  }

  private patternSample(pattern: string): string | undefined {
    if (pattern === '^\\d{6}$') return this.faker.string.numeric(6);
    if (pattern === '^\\d{4}$') return this.faker.string.numeric(4);
    if (pattern.startsWith('^[\\p{L}')) return this.faker.lorem.word();
    if (pattern === '^[a-z][a-z_-]{1,40}$') return this.pick(['claim', 'fund', 'benefit', 'user', 'partner']);
    if (pattern === '^[a-z][a-z0-9._-]{0,63}$')
      return `fuzz.${this.faker.string.alphanumeric({ length: 8, casing: 'lower' })}`;
    if (pattern === '^[0-9A-Z][0-9A-Z/.-]{2,39}$') return `FZ/${this.faker.string.numeric(6)}`;
    if (pattern === '^[A-Z][A-Z0-9_]{1,29}$')
      return `FUZZ_${this.faker.string.alphanumeric({ length: 6, casing: 'upper' })}`;
    if (pattern.includes('T(?:')) return this.faker.date.recent({ days: 30 }).toISOString();
    if (pattern.includes('-02-29')) return this.faker.date.recent({ days: 300 }).toISOString().slice(0, 10);
    try {
      return this.faker.helpers.fromRegExp(pattern.replace(/^\^|\$$/g, ''));
    } catch {
      return undefined;
    }
  }

  private validString(schema: JsonSchema, name: string, mode: Mode): string {
    const maxLength = schema.maxLength ?? 10_000;
    const minLength = schema.minLength ?? 0;
    if (mode === 'boundary' && !schema.pattern && !schema.format) {
      const length = this.pick([
        Math.min(maxLength, 10_000),
        Math.min(maxLength, 10_000),
        minLength,
        Math.max(1, minLength),
      ]);
      return this.pick(['a', 'é', 'Z']).repeat(length);
    }
    let value: string | undefined;
    if (schema.format === 'date-time') value = this.faker.date.recent({ days: 30 }).toISOString();
    else if (schema.format === 'date') value = this.faker.date.recent({ days: 300 }).toISOString().slice(0, 10);
    else if (schema.pattern) value = this.patternSample(schema.pattern);
    value ??= this.namedString(name);
    if (value.length > maxLength) value = value.slice(0, maxLength);
    if (value.length < minLength) value = value.padEnd(minLength, 'x');
    return value;
  }

  private namedString(name: string): string {
    this.sequence += 1;
    const lower = name.toLowerCase();
    if (lower.includes('email'))
      return this.chance(0.3) ? this.facts.memberEmail : `fuzz${this.sequence}.${this.seed}@example.com`;
    if (lower.includes('phone')) return `+2782${this.faker.string.numeric(7)}`;
    if (lower === 'idnumber')
      return this.chance(0.5)
        ? this.facts.memberIdNumber
        : buildSaIdNumber(`19${this.int(50, 99)}-0${this.int(1, 9)}-1${this.int(0, 9)}`, this.int(0, 4999));
    if (lower.includes('password')) return 'Sunshine#2026';
    if (lower === 'identifier')
      return this.pick([
        this.facts.memberEmail,
        this.facts.memberPhone,
        this.facts.memberIdNumber,
        this.facts.staffEmail,
      ]);
    if (lower.includes('token')) return this.faker.string.alphanumeric(43);
    if (lower === 'otp') return this.faker.string.numeric(6);
    if (lower === 'accountnumber') return this.faker.string.numeric(10);
    // Members' accounts must be in their own name (the fixtures' members are all Mokoena).
    if (lower === 'holdername') return `${this.faker.person.firstName()} Mokoena`;
    if (lower === 'registrationnumber') return `12/8/${this.faker.string.numeric(5)}`;
    if (lower === 'code') return `FUZZ_${this.faker.string.alphanumeric({ length: 6, casing: 'upper' })}`;
    if (lower.includes('name') || lower === 'label' || lower === 'title') return this.faker.person.fullName();
    if (lower === 'q') return this.faker.lorem.word();
    if (lower.includes('reference')) return `EFT-${this.faker.string.numeric(8)}`;
    if (lower === 'body' || lower === 'answer' || lower === 'description' || lower === 'note' || lower === 'reason')
      return this.faker.lorem.sentence();
    return this.faker.lorem.words(2);
  }

  // ---------------------------------------------------------------- hostile values

  private hostileValue(marker: string): unknown {
    const kind = this.int(0, 2);
    if (kind === 0) return this.pick(HOSTILE_STRINGS);
    if (kind === 1) return this.pick(HOSTILE_NUMBERS);
    return this.pick(hostileJsonValues(marker));
  }

  private wrongType(schema: JsonSchema): unknown {
    const pick = (values: unknown[]) => this.pick(values);
    switch (this.typeOf(this.resolve(schema))) {
      case 'string':
        return pick([123, true, [], {}, ['a'], null, { toString: 'x' }]);
      case 'integer':
      case 'number':
        return pick(['1', '1.5', true, [1], {}, null, 1.5, new RawJson('1e400'), 'NaN']);
      case 'boolean':
        return pick(['true', 1, 0, 'yes', [], null, {}]);
      case 'array':
        return pick(['a', 1, { 0: 'a', length: 1 }, {}, null, [[[]]], [{}, [], null]]);
      case 'object':
        return pick([[], 'x', 1, null, [{}], true]);
      default:
        return pick([[], {}, 1, true]);
    }
  }

  // ---------------------------------------------------------------- requests

  private intendedCredential(operation: Operation): CredentialName {
    return operation.area === 'public' ? this.pick(['none', 'member', 'staff'] as const) : operation.area;
  }

  private token(credential: CredentialName): string | undefined {
    const credentials = this.credentials();
    if (credential === 'member') return credentials.member;
    if (credential === 'staff') return credentials.staff;
    if (credential === 'partner') return credentials.partner;
    if (credential === 'garbage') return this.faker.string.alphanumeric(43);
    return undefined;
  }

  private pathValue(operation: Operation, parameter: Parameter): string {
    const prefix = operation.path.slice(0, operation.path.indexOf(`{${parameter.name}}`));
    const schema = this.resolve(parameter.schema);
    const pool = poolForPrefix(prefix);
    // A person id made up could name the bystander's person, whose account `person/user/delete/{id}`
    // would close: person ids always come from their pool.
    const pooled = this.chance(0.85) || pool === 'persons' ? this.poolPick(pool) : undefined;
    if (pooled !== undefined) return encodeURIComponent(String(pooled));
    if (this.typeOf(schema) === 'string')
      return encodeURIComponent(this.validString(schema, parameter.name, 'typical'));
    return String(this.int(1, 40));
  }

  /** A query value; `sort` from the fields its description lists (`fields: id, name`). */
  private validQueryValue(parameter: Parameter, mode: Mode): unknown {
    const fields = /fields: (.*)$/.exec(parameter.description ?? '')?.[1]?.split(/,\s*/);
    if (parameter.name === 'sort' && fields) {
      const count = mode === 'boundary' ? 5 : this.int(1, 2);
      return Array.from({ length: count }, () => `${this.pick(fields)}:${this.pick(['asc', 'desc'])}`);
    }
    return this.valid(parameter.schema, parameter.name, mode);
  }

  private queryParts(name: string, value: unknown): string[] {
    if (value === undefined) return [];
    if (Array.isArray(value)) return value.map((item) => `${name}[]=${encodeURIComponent(String(item))}`);
    if (value !== null && typeof value === 'object') {
      return Object.entries(value).map(([key, item]) => `${name}[${key}]=${encodeURIComponent(String(item))}`);
    }
    return [`${name}=${encodeURIComponent(String(value))}`];
  }

  /** The request number `index`, for `operation`, departing from a valid one as `strategy` says. */
  request(operation: Operation, strategy: Strategy, index: number): FuzzRequest {
    const marker = `fuzzPolluted${index}`;
    const mixed = strategy === 'mixed';
    const mode: Mode = strategy === 'boundary' ? 'boundary' : 'typical';
    const all: CredentialName[] = ['member', 'staff', 'partner', 'none', 'garbage'];
    const intended = this.intendedCredential(operation);
    let credential = intended;
    if (strategy === 'wrong-credential') credential = this.pick(all.filter((name) => name !== intended));
    else if (strategy === 'no-credential') credential = 'none';
    else if (strategy !== 'valid' && strategy !== 'boundary' && this.chance(0.1)) credential = this.pick(all);

    // Path.
    let path = operation.path;
    const hostilePath = strategy === 'hostile-path' || (mixed && this.chance(0.4));
    const spoiled = hostilePath && operation.pathParams.length > 0 ? this.pick(operation.pathParams).name : undefined;
    for (const parameter of operation.pathParams) {
      const value =
        parameter.name === spoiled ? this.pick(HOSTILE_PATH_SEGMENTS) : this.pathValue(operation, parameter);
      path = path.replace(`{${parameter.name}}`, value);
    }
    if (hostilePath && !spoiled) path += this.pick(HOSTILE_PATH_SUFFIXES);

    // Query.
    const query: string[] = [];
    for (const parameter of operation.queryParams) {
      const often = parameter.name === 'cursor' ? 0.1 : mode === 'boundary' ? 0.9 : 0.5;
      if (parameter.required || this.chance(often)) {
        query.push(...this.queryParts(parameter.name, this.validQueryValue(parameter, mode)));
      }
    }
    if (strategy === 'hostile-query' || (mixed && this.chance(0.4))) {
      const names = operation.queryParams.length > 0 ? operation.queryParams.map((p) => p.name) : ['q', 'id', 'page'];
      for (const name of names) {
        if (names.length > 1 && this.chance(0.4)) continue;
        const spoiledIndex = query.findIndex((part) => part.startsWith(`${name}=`) || part.startsWith(`${name}[`));
        if (spoiledIndex >= 0) query.splice(spoiledIndex, 1);
        query.push(...this.pick(hostileQueryParts(name, this.pick(HOSTILE_STRINGS))));
      }
      if (this.chance(0.3)) query.push(this.pick(HOSTILE_QUERY_RAW));
    }
    if (strategy === 'proto-query' || (mixed && this.chance(0.4))) {
      const parts = prototypeQueryParts(marker);
      for (let count = this.int(1, 3); count > 0; count -= 1) query.push(this.pick(parts));
    }

    // Headers and credentials.
    const headers: Record<string, string> = {};
    const cookies: string[] = [];
    const token = this.token(credential);
    if (token) headers.authorization = `Bearer ${token}`;
    if (STATE_CHANGING.has(operation.method)) {
      cookies.push(`XSRF-TOKEN=${XSRF_TOKEN}`);
      headers['x-xsrf-token'] = XSRF_TOKEN;
    }
    for (const parameter of operation.headerParams) {
      if (parameter.required || this.chance(0.5)) headers[parameter.name] = this.faker.string.uuid();
    }
    if (strategy === 'hostile-headers' || (mixed && this.chance(0.3))) {
      for (let count = this.int(1, 3); count > 0; count -= 1) {
        if (this.chance(0.35)) {
          const credentials = this.credentials();
          headers.authorization = this.pick(
            hostileAuthorizations(this.token(intended) ?? credentials.member, credentials.otherMember),
          );
          continue;
        }
        const [name, value] = this.pick(HOSTILE_HEADERS);
        if (name === 'cookie') cookies.push(value);
        else headers[name] = value;
      }
    }
    if (cookies.length > 0) headers.cookie = cookies.join('; ');

    // Body.
    let payload: string | Buffer | undefined;
    if (operation.multipart) {
      const upload = this.multipartBody(strategy, marker);
      payload = upload.payload;
      if (upload.contentType !== undefined) headers['content-type'] = upload.contentType;
    } else if (operation.method !== 'GET') {
      const body = this.jsonBody(operation, strategy, mode, marker);
      if (body) {
        payload = body.payload;
        if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      }
    }

    return {
      index,
      operation: operation.key,
      strategy,
      method: operation.method,
      url: query.length > 0 ? `${path}?${query.join('&')}` : path,
      headers,
      ...(payload === undefined ? {} : { payload }),
      credential,
      remoteAddress: `10.${this.int(0, 255)}.${this.int(0, 255)}.${this.int(1, 254)}`,
      markers: [marker],
    };
  }

  private jsonBody(
    operation: Operation,
    strategy: Strategy,
    mode: Mode,
    marker: string,
  ): { contentType?: string; payload: string } | undefined {
    const bodyStrategies: Strategy[] = ['hostile-field', 'proto-body', 'malformed-body', 'wrong-types', 'extra-keys'];
    let chosen = strategy;
    if (strategy === 'mixed') chosen = this.pick(bodyStrategies);
    if (!operation.body && !bodyStrategies.includes(chosen)) return undefined;
    if (!operation.body && !operation.bodyRequired && strategy === 'valid') return undefined;
    const schema = this.resolve(operation.body);
    const base = operation.body ? this.valid(schema, 'body', mode) : {};
    const validJson = toJson(base);
    const json = 'application/json';
    switch (chosen) {
      case 'hostile-field': {
        if (!base || typeof base !== 'object' || Array.isArray(base)) return { contentType: json, payload: validJson };
        const object = base as Record<string, unknown>;
        const keys = Object.keys({ ...schema.properties, ...object });
        const targets = keys.length > 0 ? this.faker.helpers.arrayElements(keys, { min: 1, max: 2 }) : ['name'];
        for (const key of targets) object[key] = this.hostileValue(marker);
        return { contentType: json, payload: toJson(object) };
      }
      case 'proto-body':
        return { contentType: json, payload: this.pick(prototypeBodies(validJson, marker)) };
      case 'malformed-body':
        return this.pick(malformedBodies(validJson, marker));
      case 'wrong-types': {
        if (this.chance(0.25) || !base || typeof base !== 'object' || Array.isArray(base)) {
          return { contentType: json, payload: toJson(this.pick([[], 'x', 1, null, [base], true])) };
        }
        const object = base as Record<string, unknown>;
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          if (this.chance(0.7)) object[key] = this.wrongType(property);
        }
        return { contentType: json, payload: toJson(object) };
      }
      case 'extra-keys': {
        const object = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
        for (const [key, value] of this.faker.helpers.arrayElements([...EXTRA_BODY_MEMBERS], { min: 2, max: 4 })) {
          (object as Record<string, unknown>)[key] = value;
        }
        return { contentType: json, payload: toJson(object) };
      }
      default:
        return { contentType: json, payload: validJson };
    }
  }

  private multipartBody(strategy: Strategy, marker: string): { contentType?: string; payload: string | Buffer } {
    const boundary = `----fuzz-${this.faker.string.alphanumeric(16)}`;
    const type = `multipart/form-data; boundary=${boundary}`;
    const validFile = () =>
      this.pick([
        { name: 'file', filename: 'id.pdf', contentType: 'application/pdf', content: SAMPLE_FILES.pdf },
        { name: 'file', filename: 'bank.png', contentType: 'image/png', content: SAMPLE_FILES.png },
        { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', content: SAMPLE_FILES.jpeg },
      ]);
    let chosen = strategy;
    if (strategy === 'mixed')
      chosen = this.pick(['hostile-field', 'proto-body', 'malformed-body', 'extra-keys'] as const);
    switch (chosen) {
      case 'malformed-body':
        return this.pick([
          { contentType: 'multipart/form-data', payload: multipart(boundary, [validFile()]) },
          { contentType: 'multipart/form-data; boundary=', payload: multipart(boundary, [validFile()]) },
          { contentType: type, payload: multipart(boundary, [validFile()]).subarray(0, 90) },
          { contentType: type, payload: multipart(boundary, [validFile()], { closing: false }) },
          { contentType: type, payload: 'not multipart at all' },
          { contentType: type, payload: '' },
          { contentType: `multipart/form-data; boundary=${'x'.repeat(300)}`, payload: multipart('x'.repeat(300), []) },
          { contentType: 'multipart/mixed; boundary=zz', payload: multipart('zz', [validFile()]) },
          { contentType: type, payload: `--${boundary}\r\n\r\nno disposition\r\n--${boundary}--\r\n` },
          { contentType: 'application/json', payload: '{"file":"JVBERi0xLjQ="}' },
          { payload: multipart(boundary, [validFile()]) },
        ]);
      case 'proto-body':
        return {
          contentType: type,
          payload: multipart(boundary, [
            {
              name: this.pick(['__proto__', 'constructor', 'prototype', `__proto__[${marker}]`]),
              content: `{"${marker}":1}`,
            },
            { name: 'constructor[prototype]', content: `{"${marker}":1}` },
            { ...validFile(), name: this.pick(['file', '__proto__', 'constructor']) },
          ]),
        };
      case 'hostile-field':
      case 'wrong-types':
        return {
          contentType: type,
          payload: multipart(boundary, [
            {
              ...validFile(),
              filename: this.pick([
                '../../../../etc/passwd',
                'a\u0000.pdf',
                `${'a'.repeat(10_000)}.pdf`,
                '%ff.pdf',
                '"quoted".pdf',
                '😀.pdf',
                '',
                'CON',
                '.pdf',
                'id.pdf\r\nContent-Type: text/html',
              ]),
              contentType: this.pick(['application/pdf', 'text/html', '', 'x/'.repeat(200), 'image/svg+xml']),
              content: this.pick([
                SAMPLE_FILES.pdf,
                SAMPLE_FILES.text,
                Buffer.alloc(0),
                Buffer.from('<svg onload="alert(1)"/>'),
                Buffer.from([0x89, 0x50, 0x4e, 0x47]),
                Buffer.from('%PDF-'),
              ]),
            },
          ]),
        };
      case 'extra-keys':
        return {
          contentType: type,
          payload: multipart(
            boundary,
            this.pick([
              [validFile(), validFile()],
              [{ name: 'kind', content: 'ID_COPY' }, validFile(), { name: 'isAdmin', content: 'true' }],
              Array.from({ length: 300 }, (_, index) => ({ name: `field${index}`, content: 'x' })),
              [{ name: 'note', content: 'no file at all' }],
            ]),
          ),
        };
      default:
        return { contentType: type, payload: multipart(boundary, [validFile()]) };
    }
  }
}
