import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import type { Config } from '../src/config.js';
import { outboxMessages } from '../src/db/schema/index.js';
import { createJobQueue, type JobQueue } from '../src/platform/jobs/job-queue.js';
import {
  createMessenger,
  InvalidOutboundMessageError,
  type Messenger,
  type OutboundMessage,
} from '../src/platform/messaging/messenger.js';
import { startSmsGateway, startSmtpServer } from './support/message-servers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// ---------------------------------------------------------------------------------------------

let testApp: TestApp;
const cleanups: (() => Promise<void>)[] = [];
const messengers: { messenger: Messenger; jobs: JobQueue }[] = [];
let queues = 0;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterEach(async () => {
  for (const { messenger, jobs } of messengers.splice(0)) {
    await messenger.flush();
    await jobs.stop();
    // Closes the pooled SMTP connections, or the test's SMTP server waits for them to time out.
    messenger.close();
  }
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
afterAll(async () => testApp.close());

/**
 * What delivery adds at the end of a message (issue 21 item 4): the reference code `send` gave it
 * and the "Is this message from us?" page. Email text parts arrive with CRLF line ends.
 */
function textFooter(code: string, newline = '\n'): string {
  const url = `${testApp.config.publicUrl}/check-message`;
  return `${newline}${newline}Ref ${code.slice(0, 4)}-${code.slice(4)}. Is this from us? Check at ${url}`;
}
function htmlFooter(code: string): string {
  const url = `${testApp.config.publicUrl}/check-message`;
  return `<p>Reference: <strong>${code.slice(0, 4)}-${code.slice(4)}</strong>. Is this message from us? Check at <a href="${url}">${url}</a>.</p>`;
}

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

/**
 * A messenger on the test database with its own started job queue (a queue name of its own, so the
 * app's worker never takes its jobs): 2 retries, 1 s then 2 s (with jitter up to double).
 */
async function messengerWith(config: Config, queue = `test-messages-${++queues}`) {
  const jobs = createJobQueue({
    db: testApp.app.db,
    kind: testApp.database.handle.kind,
    config: { ...config.jobs, pollIntervalSeconds: 0.5 },
    log: testApp.app.log,
  });
  const messenger = createMessenger({
    db: testApp.app.db,
    config,
    log: testApp.app.log,
    jobs,
    retry: { limit: 2, delaySeconds: 1 },
    queue,
  });
  await jobs.start();
  messengers.push({ messenger, jobs });
  return { messenger, jobs, queue };
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
    const { messenger } = await messengerWith(configWith({}));
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
    const { messenger } = await messengerWith(configWith({ env: 'development' }));
    const { outboxId } = await messenger.send(otpEmail('481516'));
    const row = await outboxRow(outboxId);
    expect(row.subject).toBe('Your sign-in PIN 481516');
    expect(row.body).toContain('481516');
    expect(row.html).toContain('481516');
  });

  it('redacts secrets from the stored subject, body and HTML in production, but delivers the real text', async () => {
    const server = await smtp();
    const { messenger } = await messengerWith(configWith({ env: 'production', smtpUrl: server.url }));
    const { outboxId, referenceCode } = await messenger.send(otpEmail('907153'));
    await messenger.flush();

    const row = await outboxRow(outboxId);
    expect(row.subject).toBe('Your sign-in PIN ******');
    expect(row.body).toBe('Your one-time PIN is ******. It expires in 5 minutes.');
    expect(row.html).toBe('<p>Your one-time PIN is <strong>******</strong>.</p>');
    expect(row.status).toBe('sent');
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.headers.subject).toBe('Your sign-in PIN 907153');
    expect(server.received[0]?.text).toBe(
      `Your one-time PIN is 907153. It expires in 5 minutes.${textFooter(referenceCode, '\r\n')}`,
    );
    expect(server.received[0]?.html).toBe(
      `<p>Your one-time PIN is <strong>907153</strong>.</p>${htmlFooter(referenceCode)}`,
    );
    expect(JSON.stringify(testApp.logs)).not.toContain('907153');
  });

  it('masks every 13-digit run (ID number) before storing and before sending', async () => {
    const server = await smtp();
    const gateway = await smsGateway();
    const { messenger } = await messengerWith(configWith({ smtpUrl: server.url, gatewayUrl: gateway.url }));
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
    expect(server.received[0]?.text).toBe(
      `We received the claim for ID *********3081.${textFooter(email.referenceCode, '\r\n')}`,
    );
    expect(server.received[0]?.html).toBe(`<p>ID <b>*********3081</b></p>${htmlFooter(email.referenceCode)}`);
    expect(gateway.requests[0]?.body).toEqual({
      to: '+27821234567',
      message: `Claim for ID *********4085 received.${textFooter(sms.referenceCode)}`,
    });
  });

  it('gives every message its own reference code (8 characters, no I, L, O or U), stored beside the body', async () => {
    const { messenger } = await messengerWith(configWith({}));
    const sent = [];
    for (let index = 0; index < 20; index += 1) {
      sent.push(
        await messenger.send({ channel: 'sms', destination: '+27821234567', purpose: 'x', text: `Hi ${index}` }),
      );
    }
    const codes = sent.map((message) => message.referenceCode);
    expect(new Set(codes).size).toBe(20);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    const row = await outboxRow(sent[0]?.outboxId as number);
    expect(row.referenceCode).toBe(codes[0]);
    expect(row.body).toBe('Hi 0');
  });

  it('refuses an email without a subject and destinations that are not an email or an E.164 number', async () => {
    const { messenger } = await messengerWith(configWith({}));
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
    const { messenger } = await messengerWith(configWith({ smtpUrl: server.url }));
    const before = new Date();
    const { outboxId, referenceCode } = await messenger.send({
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
    expect(email?.text).toBe(`Hello Sipho,\r\nyour password was changed.${textFooter(referenceCode, '\r\n')}`);
    expect(email?.html).toBe(`<p>Hello Sipho, your password was changed.</p>${htmlFooter(referenceCode)}`);
    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('delivers many messages sent at once (claimed and recorded batch-wise) each once; a failing one is retried alone', async () => {
    const attemptsFor: Record<string, number> = {};
    const server = await smtp({
      onRcptTo(address, _session, callback) {
        attemptsFor[address.address] = (attemptsFor[address.address] ?? 0) + 1;
        if (address.address === 'broken-batch@example.com') {
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
        } else {
          callback();
        }
      },
    });
    const { messenger } = await messengerWith(configWith({ smtpUrl: server.url }));
    const destinations = [
      ...Array.from({ length: 12 }, (_, index) => `member-${index}@example.com`),
      'broken-batch@example.com',
    ];
    const sent = await Promise.all(
      destinations.map((destination, index) => messenger.send({ ...otpEmail(String(100_000 + index)), destination })),
    );
    await messenger.flush();

    for (const [index, destination] of destinations.entries()) {
      const row = await outboxRow((sent[index] as { outboxId: number }).outboxId);
      if (destination.startsWith('broken')) {
        expect(attemptsFor[destination]).toBe(3);
        expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
      } else {
        expect(attemptsFor[destination]).toBe(1);
        expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      }
    }
    expect(server.received).toHaveLength(12);
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
    const { messenger } = await messengerWith(configWith({ smtpUrl: server.url }));
    const failing = await messenger.send({ ...otpEmail('271828'), destination: 'broken@example.com' });
    const fine = await messenger.send({ ...otpEmail('314159'), destination: 'fine@example.com' });
    await messenger.flush();

    expect(attemptsFor['broken@example.com']).toBe(3);
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
    const { messenger } = await messengerWith(configWith({ smtpUrl: server.url }));

    const outcome = await Promise.race([
      messenger.send(otpEmail('662607')),
      new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), 3_000)),
    ]);
    expect(outcome).not.toBe('timed out');
    const { outboxId } = outcome as { outboxId: number };
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'pending' });
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
    const { messenger } = await messengerWith(
      configWith({ gatewayUrl: gateway.url, gatewayToken: 'gateway-token-abc', env: 'production' }),
    );
    const { outboxId, referenceCode } = await messenger.send({
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
    expect(request?.body).toEqual({
      to: '+27821234567',
      message: `Benefit Finder PIN: 577215${textFooter(referenceCode)}`,
    });
    expect(await outboxRow(outboxId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      body: 'Benefit Finder PIN: ******',
    });
  });

  it('sends no Authorization header when no gateway token is set', async () => {
    const gateway = await smsGateway();
    const { messenger } = await messengerWith(configWith({ gatewayUrl: gateway.url }));
    await messenger.send({ channel: 'sms', destination: '+27831234567', purpose: 'test', text: 'Hello' });
    await messenger.flush();
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('retries after a 500 and records sent on the second attempt, keeping the error text only', async () => {
    const gateway = await smsGateway([500, 202]);
    const { messenger } = await messengerWith(configWith({ gatewayUrl: gateway.url }));
    const { outboxId } = await messenger.send({
      channel: 'sms',
      destination: '+27841234567',
      purpose: 'otp.password_reset',
      text: 'Reset PIN: 141421',
      secrets: ['141421'],
    });
    await messenger.flush();

    expect(gateway.requests).toHaveLength(2);
    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: 'SMS gateway answered HTTP 500' });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('records failed after 3 attempts when the gateway cannot be reached', async () => {
    const gateway = await startSmsGateway();
    await gateway.close();
    const { messenger } = await messengerWith(configWith({ gatewayUrl: gateway.url }));
    const { outboxId } = await messenger.send({
      channel: 'sms',
      destination: '+27851234567',
      purpose: 'test',
      text: 'Hello',
    });
    await messenger.flush();

    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(row.lastError).toMatch(/fetch failed|ECONNREFUSED/);
  });
});

describe('messenger: every message is a job (issue 15 item 2)', () => {
  it('resumes a message after a restart: queued before, sent by the next process', async () => {
    const down = await startSmtpServer();
    await down.close();
    const before = await messengerWith(configWith({ smtpUrl: down.url }));
    const { outboxId } = await before.messenger.send(otpEmail('161803'));
    // The first attempt fails (nothing listens); the server stops while the retry waits.
    await expect.poll(async () => (await outboxRow(outboxId)).attempts, { timeout: scaled(10_000) }).toBe(1);
    await before.jobs.stop();
    messengers.splice(0);
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'pending' });

    const server = await smtp();
    const after = await messengerWith(configWith({ smtpUrl: server.url }), before.queue);
    await after.messenger.flush();
    expect(server.received.map((email) => email.headers.subject)).toEqual(['Your sign-in PIN 161803']);
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never sends a message twice, whatever jobs repeat it', async () => {
    const server = await smtp();
    const { messenger, jobs, queue } = await messengerWith(configWith({ smtpUrl: server.url }));
    const { outboxId } = await messenger.send(otpEmail('577215'));
    // A duplicate job racing the first one, and another once it was sent.
    await jobs.send(queue, { outboxId });
    await messenger.flush();
    await jobs.send(queue, { outboxId });
    await messenger.flush();

    expect(server.received).toHaveLength(1);
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('does not send a PIN that expired while it waited, and records why', async () => {
    const server = await smtp();
    const { messenger } = await messengerWith(configWith({ smtpUrl: server.url }));
    const { outboxId } = await messenger.send({ ...otpEmail('223606'), expiresAt: new Date(Date.now() - 1_000) });
    await messenger.flush();

    expect(server.received).toHaveLength(0);
    expect(await outboxRow(outboxId)).toMatchObject({
      status: 'failed',
      attempts: 0,
      lastError: 'expired before it could be sent',
    });
  });
});
