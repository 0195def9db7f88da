import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { outboxMessages } from '../src/db/schema/index.js';
import {
  createMessenger,
  InvalidOutboundMessageError,
  type Messenger,
  type OutboundMessage,
} from '../src/platform/messaging/messenger.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// ---------------------------------------------------------------------------------------------
// Real local servers the messenger delivers to.

interface ReceivedEmail {
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
async function startSmtpServer(
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
async function startSmsGateway(statuses: number[] = [200]) {
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

// ---------------------------------------------------------------------------------------------

let testApp: TestApp;
const cleanups: (() => Promise<void>)[] = [];
const messengers: Messenger[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
});
afterEach(async () => {
  await Promise.all(messengers.splice(0).map((messenger) => messenger.flush()));
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
afterAll(async () => testApp.close());

function configWith(overrides: {
  env?: Config['env'];
  smtpUrl?: string;
  gatewayUrl?: string;
  gatewayToken?: string;
}): Config {
  return {
    ...testApp.config,
    env: overrides.env ?? 'test',
    mail: { smtpUrl: overrides.smtpUrl, from: 'Benefit Finder <no-reply@benefit-finder.test>' },
    sms: { gatewayUrl: overrides.gatewayUrl, gatewayToken: overrides.gatewayToken },
  };
}

/** A messenger on the test database with a fast backoff; `delays` records each wait asked for. */
function messengerWith(config: Config) {
  const delays: number[] = [];
  const messenger = createMessenger({
    db: testApp.app.db,
    config,
    log: testApp.app.log,
    retryDelayMs: (attempt) => {
      delays.push(attempt);
      return 5;
    },
  });
  messengers.push(messenger);
  return { messenger, delays };
}

async function smtp(hooks?: Parameters<typeof startSmtpServer>[0]) {
  const server = await startSmtpServer(hooks);
  cleanups.push(server.close);
  return server;
}

async function smsGateway(statuses?: number[]) {
  const server = await startSmsGateway(statuses);
  cleanups.push(server.close);
  return server;
}

async function outboxRow(id: number) {
  const [row] = await testApp.app.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw new Error(`outbox message ${id} not found`);
  return row;
}

const otpEmail = (code: string): OutboundMessage => ({
  channel: 'email',
  destination: 'nomsa@example.co.za',
  purpose: 'otp.sign_in',
  subject: `Your sign-in PIN ${code}`,
  text: `Your one-time PIN is ${code}. It expires in 5 minutes.`,
  html: `<p>Your one-time PIN is <strong>${code}</strong>.</p>`,
  secrets: [code],
});

describe('messenger: recording in the outbox', () => {
  it('records a message as not_configured, with no delivery, when its channel has no sender', async () => {
    const { messenger } = messengerWith(configWith({}));
    const email = await messenger.send({
      channel: 'email',
      destination: 'Nomsa@Example.CO.ZA',
      purpose: 'password.changed',
      subject: 'Your password was changed',
      text: 'Your password was changed.',
      html: '<p>Your password was changed.</p>',
      recipient: { area: 'beneficiary', id: 42 },
    });
    const sms = await messenger.send({
      channel: 'sms',
      destination: '+27821234567',
      purpose: 'otp.sign_in',
      subject: 'ignored for SMS',
      text: 'Your PIN is 123456',
    });
    await messenger.flush();

    expect(await outboxRow(email.outboxId)).toMatchObject({
      channel: 'email',
      destination: 'nomsa@example.co.za',
      purpose: 'password.changed',
      subject: 'Your password was changed',
      body: 'Your password was changed.',
      html: '<p>Your password was changed.</p>',
      status: 'not_configured',
      attempts: 0,
      lastError: null,
      sentAt: null,
      recipientArea: 'beneficiary',
      recipientId: 42,
    });
    expect(await outboxRow(sms.outboxId)).toMatchObject({
      channel: 'sms',
      destination: '+27821234567',
      subject: null,
      html: null,
      body: 'Your PIN is 123456',
      status: 'not_configured',
      attempts: 0,
      recipientArea: null,
      recipientId: null,
    });
  });

  it('stores secrets as they are outside production, so development can read OTPs', async () => {
    const { messenger } = messengerWith(configWith({ env: 'development' }));
    const { outboxId } = await messenger.send(otpEmail('481516'));
    const row = await outboxRow(outboxId);
    expect(row.subject).toBe('Your sign-in PIN 481516');
    expect(row.body).toContain('481516');
    expect(row.html).toContain('481516');
  });

  it('redacts secrets from the stored subject, body and HTML in production, but delivers the real text', async () => {
    const server = await smtp();
    const { messenger } = messengerWith(configWith({ env: 'production', smtpUrl: server.url }));
    const { outboxId } = await messenger.send(otpEmail('907153'));
    await messenger.flush();

    const row = await outboxRow(outboxId);
    expect(row.subject).toBe('Your sign-in PIN ******');
    expect(row.body).toBe('Your one-time PIN is ******. It expires in 5 minutes.');
    expect(row.html).toBe('<p>Your one-time PIN is <strong>******</strong>.</p>');
    expect(row.status).toBe('sent');
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.headers.subject).toBe('Your sign-in PIN 907153');
    expect(server.received[0]?.text).toBe('Your one-time PIN is 907153. It expires in 5 minutes.');
    expect(server.received[0]?.html).toBe('<p>Your one-time PIN is <strong>907153</strong>.</p>');
    expect(JSON.stringify(testApp.logs)).not.toContain('907153');
  });

  it('masks every 13-digit run (ID number) before storing and before sending', async () => {
    const server = await smtp();
    const gateway = await smsGateway();
    const { messenger } = messengerWith(configWith({ smtpUrl: server.url, gatewayUrl: gateway.url }));
    const email = await messenger.send({
      channel: 'email',
      destination: 'pieter@example.co.za',
      purpose: 'claim.received',
      subject: 'Claim for 6211025123081',
      text: 'We received the claim for ID 6211025123081.',
      html: '<p>ID <b>6211025123081</b></p>',
    });
    const sms = await messenger.send({
      channel: 'sms',
      destination: '+27821234567',
      purpose: 'claim.received',
      text: 'Claim for ID 7503140234085 received.',
    });
    await messenger.flush();

    expect(await outboxRow(email.outboxId)).toMatchObject({
      subject: 'Claim for *********3081',
      body: 'We received the claim for ID *********3081.',
      html: '<p>ID <b>*********3081</b></p>',
      status: 'sent',
    });
    expect((await outboxRow(sms.outboxId)).body).toBe('Claim for ID *********4085 received.');
    expect(server.received[0]?.headers.subject).toBe('Claim for *********3081');
    expect(server.received[0]?.text).toBe('We received the claim for ID *********3081.');
    expect(server.received[0]?.html).toBe('<p>ID <b>*********3081</b></p>');
    expect(gateway.requests[0]?.body).toEqual({ to: '+27821234567', message: 'Claim for ID *********4085 received.' });
  });

  it('refuses an email without a subject and destinations that are not an email or an E.164 number', async () => {
    const { messenger } = messengerWith(configWith({}));
    const before = await testApp.app.db.$count(outboxMessages);
    await expect(
      messenger.send({ channel: 'email', destination: 'a@example.com', purpose: 'x', text: 'Hi' }),
    ).rejects.toThrow(InvalidOutboundMessageError);
    await expect(
      messenger.send({ channel: 'email', destination: 'not an email', purpose: 'x', subject: 'S', text: 'Hi' }),
    ).rejects.toThrow(InvalidOutboundMessageError);
    await expect(
      messenger.send({ channel: 'sms', destination: '0821234567', purpose: 'x', text: 'Hi' }),
    ).rejects.toThrow(InvalidOutboundMessageError);
    expect(await testApp.app.db.$count(outboxMessages)).toBe(before);
  });
});

describe('messenger: email through SMTP (nodemailer)', () => {
  it('delivers through a real SMTP server from config.mail.from and records sent', async () => {
    const server = await smtp();
    const { messenger } = messengerWith(configWith({ smtpUrl: server.url }));
    const before = new Date();
    const { outboxId } = await messenger.send({
      channel: 'email',
      destination: 'sipho@example.co.za',
      purpose: 'password.changed',
      subject: 'Your password was changed',
      text: 'Hello Sipho,\nyour password was changed.',
      html: '<p>Hello Sipho, your password was changed.</p>',
    });
    await messenger.flush();

    expect(server.received).toHaveLength(1);
    const email = server.received[0];
    expect(email?.envelopeFrom).toBe('no-reply@benefit-finder.test');
    expect(email?.envelopeTo).toEqual(['sipho@example.co.za']);
    expect(email?.headers.from).toBe('Benefit Finder <no-reply@benefit-finder.test>');
    expect(email?.headers.to).toBe('sipho@example.co.za');
    expect(email?.headers.subject).toBe('Your password was changed');
    expect(email?.text).toBe('Hello Sipho,\r\nyour password was changed.');
    expect(email?.html).toBe('<p>Hello Sipho, your password was changed.</p>');
    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('retries a failing SMTP server 3 times, then records failed with the error text only; others are unaffected', async () => {
    const attemptsFor: Record<string, number> = {};
    const server = await smtp({
      onRcptTo(address, _session, callback) {
        attemptsFor[address.address] = (attemptsFor[address.address] ?? 0) + 1;
        if (address.address === 'broken@example.com') {
          const error = new Error('Mailbox broken@example.com temporarily unavailable (271828)');
          callback(Object.assign(error, { responseCode: 451 }));
        } else {
          callback();
        }
      },
    });
    const { messenger, delays } = messengerWith(configWith({ smtpUrl: server.url }));
    const failing = await messenger.send({ ...otpEmail('271828'), destination: 'broken@example.com' });
    const fine = await messenger.send({ ...otpEmail('314159'), destination: 'fine@example.com' });
    await messenger.flush();

    expect(attemptsFor['broken@example.com']).toBe(3);
    expect(delays).toEqual([1, 2]);
    const failed = await outboxRow(failing.outboxId);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    // The server's answer, with the destination and the secret it repeated replaced.
    expect(failed.lastError).toBe(
      "Can't send mail - all recipients were rejected: 451 Mailbox <destination> temporarily unavailable (******)",
    );

    expect(attemptsFor['fine@example.com']).toBe(1);
    expect(await outboxRow(fine.outboxId)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(server.received.map((email) => email.envelopeTo)).toEqual([['fine@example.com']]);
    const logged = JSON.stringify(testApp.logs);
    expect(logged).toContain('message delivery failed');
    expect(logged).not.toContain('271828');
    expect(logged).not.toContain('broken@example.com');
  });

  it('resolves send() once the message is recorded, while a slow SMTP server still holds the delivery', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = await smtp({ onMailFrom: (_address, _session, callback) => void held.then(() => callback()) });
    const { messenger } = messengerWith(configWith({ smtpUrl: server.url }));

    const outcome = await Promise.race([
      messenger.send(otpEmail('662607')),
      new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), 3_000)),
    ]);
    expect(outcome).not.toBe('timed out');
    const { outboxId } = outcome as { outboxId: number };
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(server.received).toHaveLength(0);

    let flushed = false;
    const flushing = messenger.flush().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(flushed).toBe(false);
    release();
    await flushing;
    expect(server.received).toHaveLength(1);
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('messenger: SMS through the HTTP gateway', () => {
  it('posts { to, message } as JSON with the bearer token and records sent', async () => {
    const gateway = await smsGateway();
    const { messenger } = messengerWith(
      configWith({ gatewayUrl: gateway.url, gatewayToken: 'gateway-token-abc', env: 'production' }),
    );
    const { outboxId } = await messenger.send({
      channel: 'sms',
      destination: '+27821234567',
      purpose: 'otp.sign_in',
      text: 'Benefit Finder PIN: 577215',
      secrets: ['577215'],
    });
    await messenger.flush();

    expect(gateway.requests).toHaveLength(1);
    const request = gateway.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBe('Bearer gateway-token-abc');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ to: '+27821234567', message: 'Benefit Finder PIN: 577215' });
    expect(await outboxRow(outboxId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      body: 'Benefit Finder PIN: ******',
    });
  });

  it('sends no Authorization header when no gateway token is set', async () => {
    const gateway = await smsGateway();
    const { messenger } = messengerWith(configWith({ gatewayUrl: gateway.url }));
    await messenger.send({ channel: 'sms', destination: '+27831234567', purpose: 'test', text: 'Hello' });
    await messenger.flush();
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('retries after a 500 and records sent on the second attempt, keeping the error text only', async () => {
    const gateway = await smsGateway([500, 202]);
    const { messenger, delays } = messengerWith(configWith({ gatewayUrl: gateway.url }));
    const { outboxId } = await messenger.send({
      channel: 'sms',
      destination: '+27841234567',
      purpose: 'otp.password_reset',
      text: 'Reset PIN: 141421',
      secrets: ['141421'],
    });
    await messenger.flush();

    expect(gateway.requests).toHaveLength(2);
    expect(delays).toEqual([1]);
    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: 'SMS gateway answered HTTP 500' });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('records failed after 3 attempts when the gateway cannot be reached', async () => {
    const gateway = await startSmsGateway();
    await gateway.close();
    const { messenger, delays } = messengerWith(configWith({ gatewayUrl: gateway.url }));
    const { outboxId } = await messenger.send({
      channel: 'sms',
      destination: '+27851234567',
      purpose: 'test',
      text: 'Hello',
    });
    await messenger.flush();

    expect(delays).toEqual([1, 2]);
    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(row.lastError).toMatch(/fetch failed|ECONNREFUSED/);
  });
});
