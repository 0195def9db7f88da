import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';

// ---------------------------------------------------------------------------------------------
// Real local servers the messenger delivers to (tests never fake our own messenger).

export interface ReceivedEmail {
  envelopeFrom: string | undefined;
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
  html: string | undefined;
}

/** Decodes a quoted-printable part body (nodemailer uses it for long or non-ASCII lines). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** Splits a MIME entity into unfolded lower-case headers and its decoded body. */
function parseEntity(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  return { headers, body: body.replace(/\r\n$/, '') };
}

/** Reads headers, text and HTML parts of a received message (single part or multipart/alternative). */
function parseEmail(raw: string): Pick<ReceivedEmail, 'headers' | 'text' | 'html'> {
  const { headers, body } = parseEntity(raw);
  const boundary = headers['content-type']?.match(/boundary="?([^";]+)"?/)?.[1];
  if (!boundary) return { headers, text: body, html: undefined };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => parseEntity(part.replace(/^\r\n/, '')));
  const text = parts.find((part) => part.headers['content-type']?.startsWith('text/plain'))?.body ?? '';
  const html = parts.find((part) => part.headers['content-type']?.startsWith('text/html'))?.body;
  return { headers, text, html };
}

type SmtpCallback = (error?: Error | null) => void;

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) recording what it accepts. */
export async function startSmtpServer(
  hooks: {
    onMailFrom?: (address: SMTPServerAddress, session: SMTPServerSession, callback: SmtpCallback) => void;
    onRcptTo?: (address: SMTPServerAddress, session: SMTPServerSession, callback: SmtpCallback) => void;
  } = {},
) {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onMailFrom: hooks.onMailFrom ?? ((_address, _session, callback) => callback()),
    onRcptTo: hooks.onRcptTo ?? ((_address, _session, callback) => callback()),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          envelopeFrom: mailFrom ? mailFrom.address : undefined,
          envelopeTo: session.envelope.rcptTo.map((address) => address.address),
          ...parseEmail(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface GatewayRequest {
  method: string | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A real HTTP SMS gateway on 127.0.0.1 answering with `statuses` in turn (the last one repeats). */
export async function startSmsGateway(statuses: number[] = [200]) {
  const requests: GatewayRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method, headers: request.headers, body: JSON.parse(text) });
      const status = statuses[Math.min(requests.length, statuses.length) - 1] ?? 200;
      // A gateway that echoes the message in its error answer: it must not reach last_error.
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status < 300 ? { id: 'sms-1' } : { error: 'failed', request: text }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
