import { randomInt } from 'node:crypto';
import { buildSaIdNumber, FILE_UPLOAD_NOTICES, WATCHLIST_MESSAGES } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageReferences, outboxMessages, watchlistEntries } from '../src/db/schema/index.js';
import { ACCEPT_UPLOAD_QUEUE } from '../src/modules/file-uploads/accept-upload.job.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { WATCHLIST_UNSUBSCRIBE_LIMIT_PER_IP_PER_HOUR } from '../src/modules/watchlist/public.routes.js';
import { WATCHLIST_QUEUE } from '../src/modules/watchlist/watchlist.service.js';
import { purgeExpiredRecords } from '../src/platform/retention/purge.service.js';
import { call, latestOtp } from './support/accounts.js';
import { csvFile, validatedUpload } from './support/file-uploads.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 21 item 3 "Watchlist": through real HTTP, the real file-upload pipeline and the outbox. */
const SEARCH_LIMIT = 6;
let testApp: TestApp;
let maker: Staff;
let checker: Staff;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BENEFIT_SEARCH_LIMIT_PER_HOUR: String(SEARCH_LIMIT) } });
  maker = await createStaff(app(), ['file-uploads.read', 'file-uploads.write']);
  checker = await createStaff(app(), ['file-uploads.read', 'file-uploads.accept']);
});
afterAll(async () => testApp.close());

let addresses = 0;
const post = (url: string, body: unknown, remoteAddress = `10.88.0.${++addresses}`) =>
  call(app(), 'POST', `/api/app${url}`, { body, remoteAddress });

let sequence = 0;
const freshId = () => buildSaIdNumber('1979-04-04', 2000 + ++sequence);
const freshPhone = () => `+2782${randomInt(1e6, 9e6)}1`;

const HEADER = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount'];

/** A member file for a new fund with `rows`, uploaded, validated and accepted through the routes. */
async function acceptedMemberFile(rows: string[][]): Promise<string> {
  const fundName = `Watch Fund ${randomInt(1e6)}`;
  const fund = await createFund(app().db, { name: fundName, registrationNumber: `12/8/${randomInt(1e6, 9e6)}` });
  const upload = await validatedUpload(app(), maker.token, {
    fundId: fund.id,
    type: 'member_file',
    header: HEADER,
    fileName: `members-${fund.id}.csv`,
    content: csvFile([HEADER, ...rows]),
  });
  expect(upload.status).toBe('validated');
  const accepted = await call(app(), 'PATCH', `/api/v1/file-uploads/${upload.id}/accept`, {
    token: checker.token,
    body: { note: 'Checked.' },
  });
  expect(accepted.statusCode).toBe(200);
  await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
  await app().jobs.idle([WATCHLIST_QUEUE]);
  return fundName;
}

const messagesTo = (destination: string, purpose: string) =>
  app()
    .db.select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.destination, destination), eq(outboxMessages.purpose, purpose)));

/** Signs up for the watch and enters the PIN from the development outbox. */
async function watch(idNumber: string, phoneNumber: string): Promise<number> {
  const asked = await post('/watchlist', { idNumber, twoFactorMethod: 'SMS', phoneNumber, consent: true });
  expect(asked.statusCode).toBe(200);
  expect(asked.json()).toMatchObject({ message: WATCHLIST_MESSAGES.pinSent, otp: { channel: 'SMS' } });
  const watchId = asked.json().watchId as number;
  const confirmed = await post(`/watchlist/${watchId}/confirm`, { otp: await latestOtp(app(), phoneNumber) });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json()).toEqual({ message: WATCHLIST_MESSAGES.watching });
  return watchId;
}

describe('signing up for the watchlist (POST /api/app/watchlist, /watchlist/{id}/confirm)', () => {
  it('keeps the ID number only as a keyed hash, with the consent text, and confirms with an unsubscribe link', async () => {
    const idNumber = freshId();
    const phoneNumber = freshPhone();
    const watchId = await watch(idNumber, phoneNumber);
    const [entry] = await app().db.select().from(watchlistEntries).where(eq(watchlistEntries.id, watchId));
    expect(entry).toMatchObject({ channel: 'SMS', destination: phoneNumber, consentText: WATCHLIST_MESSAGES.consent });
    expect(entry?.idNumberHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(entry)).not.toContain(idNumber);
    expect(entry?.confirmedAt).not.toBeNull();
    const [confirmation] = await messagesTo(phoneNumber, 'watchlist.confirmed');
    expect(confirmation?.body).toMatch(/\/api\/watchlist\/unsubscribe\?token=[\w-]{43}$/);
    expect(confirmation?.referenceCode).toMatch(/^[0-9A-Z]{8}$/);
  });

  it('refuses bad input per field and stores nothing', async () => {
    const before = await app().db.$count(watchlistEntries);
    const bad = await post('/watchlist', { idNumber: '123', twoFactorMethod: 'SMS', consent: false });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['consent', 'idNumber']);
    const noPhone = await post('/watchlist', { idNumber: freshId(), twoFactorMethod: 'SMS', consent: true });
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors).toEqual({ phoneNumber: ['Field is required'] });
    expect(await app().db.$count(watchlistEntries)).toBe(before);
  });

  it('a wrong PIN does not start the watch; an unknown entry is 404', async () => {
    const phoneNumber = freshPhone();
    const asked = await post('/watchlist', { idNumber: freshId(), twoFactorMethod: 'SMS', phoneNumber, consent: true });
    const pin = await latestOtp(app(), phoneNumber);
    const wrong = await post(`/watchlist/${asked.json().watchId}/confirm`, {
      otp: pin === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toHaveLength(1);
    const [entry] = await app().db.select().from(watchlistEntries).where(eq(watchlistEntries.id, asked.json().watchId));
    expect(entry?.confirmedAt).toBeNull();
    expect((await post('/watchlist/999999/confirm', { otp: '123456' })).statusCode).toBe(404);
  });

  it('is throttled per IP like the search', async () => {
    const address = '10.88.255.1';
    const answers: number[] = [];
    for (let attempt = 0; attempt <= SEARCH_LIMIT; attempt += 1) {
      answers.push(
        (await post('/watchlist', { idNumber: '1', twoFactorMethod: 'SMS', consent: true }, address)).statusCode,
      );
    }
    expect(answers.slice(0, SEARCH_LIMIT).every((status) => status === 422)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('told once when an accepted upload adds money, then unsubscribed', () => {
  it('sends one message for several new benefits, without amounts or fund names; the link stops further messages', async () => {
    const idNumber = freshId();
    const phoneNumber = freshPhone();
    const unwatched = freshId();
    await watch(idNumber, phoneNumber);

    const fundName = await acceptedMemberFile([
      [idNumber, 'Lindiwe', 'Dube', `W-${randomInt(1e6)}`, 'withdrawal', '1234.56'],
      [idNumber, 'Lindiwe', 'Dube', `W-${randomInt(1e6)}`, 'retirement', '789.00'],
      [unwatched, 'Sipho', 'Dube', `W-${randomInt(1e6)}`, 'withdrawal', '100.00'],
    ]);
    const found = await messagesTo(phoneNumber, 'watchlist.found');
    expect(found).toHaveLength(1);
    const text = found[0]?.body ?? '';
    expect(text).toContain(WATCHLIST_MESSAGES.foundText('', '').slice(0, 40));
    expect(text).not.toContain(fundName);
    // No amount in the words (the links are left out: a random unsubscribe token such as
    // `...R3Cx...` would otherwise look like "R3" about one run in ten).
    const words = text.replace(/https?:\/\/\S+/g, '');
    expect(words).not.toMatch(/R\s?\d|1234|789/);
    expect(text).not.toContain(FILE_UPLOAD_NOTICES.newMoneyBody);
    expect(found[0]?.referenceCode).toMatch(/^[0-9A-Z]{8}$/);
    // "Is this message from us?" names it an invitation to claim.
    const [reference] = await app()
      .db.select()
      .from(messageReferences)
      .where(eq(messageReferences.referenceCode, found[0]?.referenceCode as string));
    expect(reference?.kind).toBe('invitation');

    const link = /\/api\/watchlist\/unsubscribe\?token=[\w-]+/.exec(text)?.[0] as string;
    const unsubscribed = await app().inject({ method: 'GET', url: link });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json()).toEqual({ message: WATCHLIST_MESSAGES.unsubscribed });
    // Opening it again answers the same.
    expect((await app().inject({ method: 'GET', url: link })).json()).toEqual({
      message: WATCHLIST_MESSAGES.unsubscribed,
    });

    await acceptedMemberFile([[idNumber, 'Lindiwe', 'Dube', `W-${randomInt(1e6)}`, 'surplus', '50.00']]);
    expect(await messagesTo(phoneNumber, 'watchlist.found')).toHaveLength(1);
  });

  it('a second upload tells a still-watching person again, once', async () => {
    const idNumber = freshId();
    const phoneNumber = freshPhone();
    await watch(idNumber, phoneNumber);
    await acceptedMemberFile([[idNumber, 'Zanele', 'Khumalo', `W-${randomInt(1e6)}`, 'withdrawal', '10.00']]);
    await acceptedMemberFile([[idNumber, 'Zanele', 'Khumalo', `W-${randomInt(1e6)}`, 'withdrawal', '20.00']]);
    expect(await messagesTo(phoneNumber, 'watchlist.found')).toHaveLength(2);
  });

  it('a bad unsubscribe link is 404, a malformed one 422', async () => {
    const bad = await app().inject({ method: 'GET', url: `/api/watchlist/unsubscribe?token=${'x'.repeat(43)}` });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(WATCHLIST_MESSAGES.badLink);
    expect((await app().inject({ method: 'GET', url: '/api/watchlist/unsubscribe?token=a%00b' })).statusCode).toBe(422);
  });
});

describe('the unsubscribe link is throttled per IP', () => {
  it(`answers 429 after ${WATCHLIST_UNSUBSCRIBE_LIMIT_PER_IP_PER_HOUR} an hour from one address`, async () => {
    const url = `/api/watchlist/unsubscribe?token=${'y'.repeat(43)}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= WATCHLIST_UNSUBSCRIBE_LIMIT_PER_IP_PER_HOUR; attempt += 1) {
      statuses.push((await app().inject({ method: 'GET', url, remoteAddress: '10.89.0.1' })).statusCode);
    }
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([404]));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('retention', () => {
  it('the purge job deletes entries past their end (unconfirmed after a day)', async () => {
    const phoneNumber = freshPhone();
    const asked = await post('/watchlist', { idNumber: freshId(), twoFactorMethod: 'SMS', phoneNumber, consent: true });
    const watchId = asked.json().watchId as number;
    const retention = testApp.config.retention;
    const counts = await purgeExpiredRecords(app().db, retention, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    expect(counts.watchlist).toBeGreaterThanOrEqual(1);
    expect(await app().db.$count(watchlistEntries, eq(watchlistEntries.id, watchId))).toBe(0);
  });
});
