import { connect } from 'node:net';
import { ErrorResponse } from '@bcp/contract';

/**
 * What the fuzz test (issue 13) holds every answer to: below 500, non-2xx answers in the one error
 * shape, and `Object.prototype` (and its neighbours) exactly as they were.
 */

/**
 * Why a body is not the error shape `{ message: string, errors?: { [field]: string[] }, code, params?,
 * fieldCodes? }` (decision 059), or undefined when it is.
 */
export function errorShapeProblem(status: number, contentType: string | undefined, body: string): string | undefined {
  if (status >= 200 && status < 300) return undefined;
  // A redirect without a body is not an error answer.
  if (status >= 300 && status < 400 && body.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `body is not JSON (content-type ${contentType ?? 'none'})`;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'body is not a JSON object';
  const record = parsed as Record<string, unknown>;
  const known = new Set(['message', 'errors', 'code', 'params', 'fieldCodes']);
  const extra = Object.keys(record).filter((key) => !known.has(key));
  if (extra.length > 0) return `extra keys: ${extra.join(', ')}`;
  if (typeof record.message !== 'string') return 'message is not a string';
  if ('errors' in record) {
    const errors = record.errors;
    if (errors === null || typeof errors !== 'object' || Array.isArray(errors)) return 'errors is not an object';
    for (const [field, messages] of Object.entries(errors)) {
      if (!Array.isArray(messages) || messages.some((message) => typeof message !== 'string')) {
        return `errors.${field} is not a list of strings`;
      }
    }
  }
  if (!/^application\/json\b/i.test(contentType ?? '')) return `content-type is ${contentType ?? 'none'}`;
  if (!ErrorResponse.safeParse(record).success) return `not an ErrorResponse (code ${JSON.stringify(record.code)})`;
  return undefined;
}

type Snapshot = Map<PropertyKey, PropertyDescriptor>;

const GUARDED: readonly [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
];

function snapshot(target: object): Snapshot {
  return new Map(
    Reflect.ownKeys(target).map((key) => [key, Reflect.getOwnPropertyDescriptor(target, key) as PropertyDescriptor]),
  );
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable;
}

/** Keys every request is checked for on a fresh object, besides its own markers. */
const COMMON_KEYS = ['polluted', 'isAdmin', 'authorization', 'XSRF-TOKEN', 'email', 'x', 'y', 'role', 'admin'];

/**
 * Remembers the shared prototypes as they are now; `check` reports (and then undoes, so the rest
 * of the run means something) every key added, removed or changed since, and any marker key a
 * fresh object or array inherits.
 */
export class PrototypeGuard {
  private readonly baseline = GUARDED.map(([name, target]) => ({ name, target, keys: snapshot(target) }));

  check(markers: readonly string[]): string[] {
    const problems: string[] = [];
    // What a fresh object or array inherits is read before anything is undone.
    const inherited: string[] = [];
    const fresh: Record<string, unknown> = {};
    const list: unknown[] = [];
    for (const key of [...markers, ...COMMON_KEYS]) {
      if (fresh[key] !== undefined) inherited.push(`({}).${key} is ${String(fresh[key])}`);
      if ((list as unknown as Record<string, unknown>)[key] !== undefined) inherited.push(`[].${key} is defined`);
    }
    for (const { name, target, keys } of this.baseline) {
      const now = snapshot(target);
      for (const [key, descriptor] of now) {
        const before = keys.get(key);
        if (!before) {
          problems.push(`${name}.${String(key)} added`);
          Reflect.deleteProperty(target, key);
        } else if (!sameDescriptor(before, descriptor)) {
          problems.push(`${name}.${String(key)} changed`);
          Reflect.defineProperty(target, key, before);
        }
      }
      for (const [key, descriptor] of keys) {
        if (!now.has(key)) {
          problems.push(`${name}.${String(key)} removed`);
          Reflect.defineProperty(target, key, descriptor);
        }
      }
    }
    return [...problems, ...inherited];
  }
}

export interface RawAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
}

function dechunk(body: string): string {
  let rest = body;
  let result = '';
  while (rest.length > 0) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd < 0) break;
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!Number.isFinite(size) || size === 0) break;
    result += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
  return result;
}

/**
 * Sends `text` as is to 127.0.0.1:`port` and reads the answer until the server closes or
 * `timeoutMs` passes; undefined when nothing came back.
 */
export function rawHttp(port: number, text: string | Buffer, timeoutMs = 3_000): Promise<RawAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const received = Buffer.concat(chunks).toString('utf8');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (!match) return resolve(undefined);
      const split = received.indexOf('\r\n\r\n');
      const head = split >= 0 ? received.slice(0, split) : received;
      let body = split >= 0 ? received.slice(split + 4) : '';
      if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) body = dechunk(body);
      resolve({ status: Number(match[1]), contentType: /\r\ncontent-type:\s*([^\r\n]*)/i.exec(head)?.[1], body });
    });
    socket.write(text);
  });
}

export type ViolationKind = '5xx' | 'shape' | 'prototype';

export interface Violation {
  kind: ViolationKind;
  operation: string;
  strategy: string;
  credential: string;
  method: string;
  url: string;
  status: number | 'no answer';
  problem: string;
  /** The start of the answer. */
  body: string;
  /** The start of what was sent. */
  sent: string;
  /** What the server logged at level error for it (5xx). */
  cause?: string;
}

const excerpt = (text: string, length: number) => {
  const json = JSON.stringify(text.length > length ? `${text.slice(0, length)}…(${text.length})` : text);
  return json.slice(1, -1);
};

export function describeSent(payload: string | Buffer | undefined, length = 160): string {
  if (payload === undefined) return '';
  return excerpt(Buffer.isBuffer(payload) ? payload.toString('latin1') : payload, length);
}

export function shortText(text: string, length = 160): string {
  return excerpt(text, length);
}

/**
 * One line per distinct defect (kind, operation, status, problem, message, logged cause), with
 * how often it happened and one request that shows it.
 */
export function summarize(violations: readonly Violation[]): string[] {
  const groups = new Map<string, { first: Violation; count: number; strategies: Set<string> }>();
  for (const violation of violations) {
    let message = '';
    try {
      message = String((JSON.parse(violation.body) as { message?: unknown }).message ?? '');
    } catch {
      message = violation.body.slice(0, 60);
    }
    const key = [
      violation.kind,
      violation.operation,
      violation.status,
      violation.problem,
      message.replace(/\d+/g, 'N'),
      (violation.cause ?? '').replace(/\d+/g, 'N').slice(0, 120),
    ].join(' | ');
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.strategies.add(violation.strategy);
    } else groups.set(key, { first: violation, count: 1, strategies: new Set([violation.strategy]) });
  }
  const order: ViolationKind[] = ['5xx', 'shape', 'prototype'];
  return [...groups.values()]
    .sort(
      (a, b) =>
        order.indexOf(a.first.kind) - order.indexOf(b.first.kind) || a.first.operation.localeCompare(b.first.operation),
    )
    .map(({ first, count, strategies }) =>
      [
        `[${first.kind}] ${first.operation} → ${first.status} ×${count} (${[...strategies].join(', ')}): ${first.problem}`,
        first.cause ? `    cause: ${first.cause}` : undefined,
        `    e.g. ${first.method} ${shortText(first.url, 200)} as ${first.credential}${first.sent ? ` body ${first.sent}` : ''}`,
        `    answer: ${first.body}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
}
