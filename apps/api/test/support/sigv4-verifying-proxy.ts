import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * S3's check of a presigned link (SigV4 in the query string), which s3rver leaves out ("Signature
 * version 4 calculation is unimplemented"): a proxy in front of s3rver that refuses a link whose
 * `X-Amz-Signature` is not the one its method, path, query and host give under the secret key
 * (403 `SignatureDoesNotMatch`) or whose time is up (403 `AccessDenied`), as S3 does, and passes
 * every other request on unchanged. Written from AWS's published algorithm ("Authenticating
 * requests: using query parameters"), not with the SDK that signs the links, so the check is
 * independent of the code it checks.
 */
export interface VerifyingProxy {
  /** `http://127.0.0.1:<port>` of the proxy. */
  endpoint: string;
  close(): Promise<void>;
}

/** RFC 3986 encoding as SigV4 wants it (`encodeURIComponent` plus `!'()*`). */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The signature S3 expects for a presigned GET of `url` (path and query as sent) to `host`. */
function expectedPresignedSignature(url: URL, host: string, secretAccessKey: string): string {
  const query = url.searchParams;
  const [, date, region, service] = (query.get('X-Amz-Credential') ?? '').split('/');
  const amzDate = query.get('X-Amz-Date') ?? '';
  const canonicalQuery = [...query.entries()]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [uriEncode(key), uriEncode(value)])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
  const canonicalRequest = [
    'GET',
    url.pathname,
    canonicalQuery,
    `host:${host}\n`,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date ?? ''), region ?? ''), service ?? ''), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

/** Seconds since the epoch of an `X-Amz-Date` (`20261126T050000Z`), or NaN. */
function amzDateSeconds(text: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) / 1000;
}

function refuse(response: ServerResponse, code: string, message: string): void {
  response.writeHead(403, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** Why S3 would refuse this presigned request, or undefined when it is a genuine, live link. */
function presignedProblem(request: IncomingMessage, secretAccessKey: string): [string, string] | undefined {
  const url = new URL(request.url ?? '/', 'http://s3.test');
  const provided = url.searchParams.get('X-Amz-Signature') ?? '';
  const expected = expectedPresignedSignature(url, request.headers.host ?? '', secretAccessKey);
  const same = provided.length === expected.length && timingSafeEqual(Buffer.from(provided), Buffer.from(expected));
  if (request.method !== 'GET' || !same) {
    return ['SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'];
  }
  const expires =
    amzDateSeconds(url.searchParams.get('X-Amz-Date') ?? '') + Number(url.searchParams.get('X-Amz-Expires'));
  if (!(expires >= Date.now() / 1000)) return ['AccessDenied', 'Request has expired'];
  return undefined;
}

/** Starts the proxy on a free port of 127.0.0.1, passing requests on to `target` (s3rver's endpoint). */
export async function startVerifyingProxy(target: string, secretAccessKey: string): Promise<VerifyingProxy> {
  const upstream = new URL(target);
  const server = createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://s3.test').searchParams.has('X-Amz-Signature')) {
      const problem = presignedProblem(request, secretAccessKey);
      if (problem) {
        request.resume();
        refuse(response, ...problem);
        return;
      }
    }
    const passed = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    passed.on('error', () => response.destroy());
    request.pipe(passed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
