import { OUTREACH_MESSAGES } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  auditEvents,
  contactCandidates,
  funds,
  outboxMessages,
  outreachInvitations,
  persons,
} from '../src/db/schema/index.js';
import { recordBenefits } from '../src/modules/benefits/benefits.service.js';
import { INVITATIONS_QUEUE, OUTREACH_SCHEDULE_QUEUE } from '../src/modules/outreach/invitations.service.js';
import { optOutToken } from '../src/modules/outreach/opt-outs.service.js';
import { MESSAGE_QUEUE } from '../src/platform/messaging/messenger.js';
import { call } from './support/accounts.js';
import { memberOfFund, newFund } from './support/enrichment.js';
import { createPersonUser } from './support/fixtures.js';
import { startSmsGateway } from './support/message-servers.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 17 "Outreach": invitations by SMS or email, daily cap, quiet hours, 30 days, opt-out, funnel. */
let testApp: TestApp;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
let staff: Staff;
const app = () => testApp.app;
const DAILY_CAP = 3;
const INBOUND_TOKEN = 'sms-gateway-inbound-token-0123';
const DAY_MS = 86_400_000;
/** 10:00 SAST (08:00 UTC) on a Monday. */
const MORNING = new Date('2026-03-02T08:00:00Z');

beforeAll(async () => {
  gateway = await startSmsGateway();
  testApp = await createTestApp({
    env: {
      SMS_GATEWAY_URL: gateway.url,
      OUTREACH_DAILY_CAP_PER_FUND: String(DAILY_CAP),
      SMS_INBOUND_TOKEN: INBOUND_TOKEN,
    },
  });
  staff = await createStaff(app(), ['outreach.read', 'outreach.send', 'audits.read']);
});
afterAll(async () => {
  app().clock.set(null);
  await testApp.close();
  await gateway.close();
});

/** Sends the fund's invitations at `at` through the route and waits for the job and its messages. */
async function invite(fundId: number, at: Date, body: object = {}) {
  app().clock.set(at);
  const response = await call(app(), 'POST', `/api/v1/funds/${fundId}/outreach/invitations`, {
    token: staff.token,
    body,
  });
  expect(response.statusCode).toBe(202);
  expect(response.json().message).toBe(OUTREACH_MESSAGES.queued);
  await app().jobs.idle([INVITATIONS_QUEUE]);
  await app().jobs.idle([MESSAGE_QUEUE]);
}

async function invitationsOf(fundId: number) {
  return app()
    .db.select()
    .from(outreachInvitations)
    .where(eq(outreachInvitations.fundId, fundId))
    .orderBy(outreachInvitations.id);
}

async function setPhone(personId: number, phoneNumber: string) {
  await app().db.update(persons).set({ phoneNumber }).where(eq(persons.id, personId));
}

describe('who is invited, and how', () => {
  it('persons with a benefit, no account and a phone or email; by SMS from the template, traced details when none given', async () => {
    const fundId = await newFund(app(), 'Invite Fund');
    const withPhone = await memberOfFund(app(), fundId, '10', { firstName: 'Palesa' });
    await setPhone(withPhone.personId, '+27821110001');
    const withEmail = await memberOfFund(app(), fundId, '11', { email: 'bongi@example.com' });
    const traced = await memberOfFund(app(), fundId, '12');
    await app()
      .db.insert(contactCandidates)
      .values([
        { personId: traced.personId, channel: 'phone', value: '+27711110002', confidence: 80, source: 'telco' },
        { personId: traced.personId, channel: 'phone', value: '+27711110003', confidence: 30, source: 'old' },
      ]);
    await memberOfFund(app(), fundId, '13'); // nothing to reach them by
    // A member with an account is not invited (they already know).
    const member = await createPersonUser(app().db, { lastName: 'Signed' });
    await setPhone(member.personId, '+27821110004');
    await recordBenefits(app().db, [
      {
        fundId,
        personId: member.personId,
        memberNumber: 'S-1',
        benefitType: 'withdrawal',
        amountCents: 100,
        fileUploadId: null,
      },
    ]);
    const deceased = await memberOfFund(app(), fundId, '15');
    await app()
      .db.update(persons)
      .set({ phoneNumber: '+27821110005', deceasedOn: '2024-01-01' })
      .where(eq(persons.id, deceased.personId));

    await invite(fundId, MORNING);
    const sent = await invitationsOf(fundId);
    expect(sent.map((row) => [row.personId, row.channel, row.destination])).toEqual([
      [withPhone.personId, 'sms', '+27821110001'],
      [withEmail.personId, 'email', 'bongi@example.com'],
      [traced.personId, 'sms', '+27711110002'],
    ]);
    const [sms] = await app()
      .db.select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, sent[0]?.outboxId as number));
    expect(sms).toMatchObject({ channel: 'sms', purpose: 'outreach.invitation', status: 'sent' });
    expect(sms?.body).toContain('Palesa');
    expect(sms?.body).toContain('Invite Fund');
    expect(sms?.body).toContain('Claiming is free');
    expect(sms?.body).toContain('/auth/search');
    expect(sms?.body).toContain('We never ask for money or a PIN');
    expect(sms?.body).toContain('Reply STOP to opt out');
    const [email] = await app()
      .db.select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, sent[1]?.outboxId as number));
    expect(email?.subject).toContain('may hold money for you');
    expect(email?.html).toContain(`/api/outreach/opt-out?person=${withEmail.personId}&amp;token=`);
    // The persons' own details were not changed by the trace.
    const [tracedPerson] = await app().db.select().from(persons).where(eq(persons.id, traced.personId));
    expect(tracedPerson?.phoneNumber).toBeNull();
  });

  it('one invitation per person per 30 days, whichever fund', async () => {
    const fundId = await newFund(app(), 'Thirty Fund');
    const person = await memberOfFund(app(), fundId, '20');
    await setPhone(person.personId, '+27821110020');
    const otherFund = await newFund(app(), 'Other Fund');
    await recordBenefits(app().db, [
      {
        fundId: otherFund,
        personId: person.personId,
        memberNumber: 'O-1',
        benefitType: 'withdrawal',
        amountCents: 100,
        fileUploadId: null,
      },
    ]);
    await invite(fundId, MORNING);
    await invite(fundId, new Date(MORNING.getTime() + DAY_MS));
    await invite(otherFund, new Date(MORNING.getTime() + 2 * DAY_MS));
    expect(await invitationsOf(fundId)).toHaveLength(1);
    expect(await invitationsOf(otherFund)).toHaveLength(0);
    await invite(otherFund, new Date(MORNING.getTime() + 31 * DAY_MS));
    expect(await invitationsOf(otherFund)).toHaveLength(1);
  });
});

describe('quiet hours and the daily cap', () => {
  it('no SMS from 20:00 to 08:00 SAST: email then, or the SMS waits for the morning', async () => {
    const fundId = await newFund(app(), 'Quiet Fund');
    const phoneOnly = await memberOfFund(app(), fundId, '30');
    await setPhone(phoneOnly.personId, '+27821110030');
    const both = await memberOfFund(app(), fundId, '31', { email: 'both@example.com' });
    await setPhone(both.personId, '+27821110031');

    // 21:00 SAST (19:00 UTC): the one with an email gets an email; the phone-only one nothing.
    await invite(fundId, new Date('2026-03-02T19:00:00Z'));
    expect((await invitationsOf(fundId)).map((row) => [row.personId, row.channel])).toEqual([[both.personId, 'email']]);
    // 07:59 SAST: still quiet.
    await invite(fundId, new Date('2026-03-03T05:59:00Z'));
    expect(await invitationsOf(fundId)).toHaveLength(1);
    // 08:00 SAST: the SMS goes.
    await invite(fundId, new Date('2026-03-03T06:00:00Z'));
    expect((await invitationsOf(fundId)).map((row) => [row.personId, row.channel])).toEqual([
      [both.personId, 'email'],
      [phoneOnly.personId, 'sms'],
    ]);
  });

  it('at most the daily cap per fund per SAST day; the rest go the next day; limit sends fewer', async () => {
    const fundId = await newFund(app(), 'Cap Fund');
    for (let index = 0; index < 5; index += 1) {
      const member = await memberOfFund(app(), fundId, String(40 + index));
      await setPhone(member.personId, `+2782111004${index}`);
    }
    await invite(fundId, MORNING, { limit: 1 });
    expect(await invitationsOf(fundId)).toHaveLength(1);
    await invite(fundId, new Date(MORNING.getTime() + 3_600_000));
    expect(await invitationsOf(fundId)).toHaveLength(DAILY_CAP);
    // 23:30 SAST, the same day: the cap is reached.
    await invite(fundId, new Date('2026-03-02T21:30:00Z'));
    expect(await invitationsOf(fundId)).toHaveLength(DAILY_CAP);
    await invite(fundId, new Date(MORNING.getTime() + DAY_MS));
    expect(await invitationsOf(fundId)).toHaveLength(5);
  });
});

describe('opting out', () => {
  it('the link records the opt-out and nothing is sent again; a wrong token changes nothing', async () => {
    const fundId = await newFund(app(), 'Link Fund');
    const person = await memberOfFund(app(), fundId, '50', { email: 'link@example.com' });
    await invite(fundId, MORNING);
    const wrong = await call(app(), 'GET', `/api/outreach/opt-out?person=${person.personId}&token=${'x'.repeat(32)}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(OUTREACH_MESSAGES.badOptOutLink);
    const token = optOutToken(testApp.config.appSecret as string, person.personId);
    const link = await call(app(), 'GET', `/api/outreach/opt-out?person=${person.personId}&token=${token}`);
    expect(link.statusCode).toBe(200);
    expect(link.json().message).toBe(OUTREACH_MESSAGES.optedOut);
    expect(
      (await call(app(), 'GET', `/api/outreach/opt-out?person=${person.personId}&token=${token}`)).statusCode,
    ).toBe(200);
    await invite(fundId, new Date(MORNING.getTime() + 40 * DAY_MS));
    expect(await invitationsOf(fundId)).toHaveLength(1);
    const [audit] = await app()
      .db.select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'persons.outreach_opted_out'), eq(auditEvents.entityId, String(person.personId))),
      );
    expect(audit?.after).toEqual({ via: 'link' });
  });

  it('a STOP reply from the gateway opts out whoever was invited at that number; other replies and strangers change nothing', async () => {
    const fundId = await newFund(app(), 'Stop Fund');
    const person = await memberOfFund(app(), fundId, '60');
    await setPhone(person.personId, '+27821110060');
    await invite(fundId, MORNING);
    const reply = (text: string, token = INBOUND_TOKEN) =>
      call(app(), 'POST', '/api/outreach/sms-replies', {
        headers: { authorization: `Bearer ${token}` },
        body: { from: '+27821110060', text },
      });
    expect((await reply('STOP', 'not-the-gateway-token-000000')).statusCode).toBe(401);
    const other = await reply('Is this real?');
    expect(other.json().message).toBe(OUTREACH_MESSAGES.unknownReply);
    const stop = await reply(' stop ');
    expect(stop.statusCode).toBe(200);
    expect(stop.json().message).toBe(OUTREACH_MESSAGES.optedOut);
    await invite(fundId, new Date(MORNING.getTime() + 40 * DAY_MS));
    expect(await invitationsOf(fundId)).toHaveLength(1);
    const tooLong = await call(app(), 'POST', '/api/outreach/sms-replies', {
      headers: { authorization: `Bearer ${INBOUND_TOKEN}` },
      body: { from: '+27821110060', text: 'x'.repeat(2000) },
    });
    expect(tooLong.statusCode).toBe(422);
  });
});

describe('the funnel and the send call', () => {
  it('staff see per fund: persons, traced, invited, delivered, opted out, signed up, claimed, paid', async () => {
    const fundId = await newFund(app(), 'Funnel Fund');
    const a = await memberOfFund(app(), fundId, '70');
    await setPhone(a.personId, '+27821110070');
    const b = await memberOfFund(app(), fundId, '71', { email: 'funnel@example.com' });
    await memberOfFund(app(), fundId, '72');
    await invite(fundId, MORNING);
    await call(
      app(),
      'GET',
      `/api/outreach/opt-out?person=${b.personId}&token=${optOutToken(testApp.config.appSecret as string, b.personId)}`,
    );
    const funnel = await call(app(), 'GET', `/api/v1/funds/${fundId}/outreach/funnel`, { token: staff.token });
    expect(funnel.statusCode).toBe(200);
    expect(funnel.json()).toEqual({
      fundId,
      persons: 3,
      traced: 2,
      invited: 2,
      // The SMS gateway took the SMS; email has no server here (recorded only).
      delivered: 1,
      optedOut: 1,
      signedUp: 0,
      claimed: 0,
      paid: 0,
      dependantsProcess: 0,
    });
    // Each invitation and what came of it, destinations masked.
    const list = await call(app(), 'GET', `/api/v1/funds/${fundId}/outreach/invitations?sort=id:asc`, {
      token: staff.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1 });
    expect(list.json().items).toEqual([
      {
        id: expect.any(Number),
        person: { id: a.personId, firstName: 'Lindiwe', lastName: expect.any(String) },
        channel: 'sms',
        destination: '+27 ** *** *070',
        sentAt: MORNING.toISOString(),
        delivery: 'sent',
        optedOut: false,
        signedUpAt: null,
      },
      expect.objectContaining({
        person: expect.objectContaining({ id: b.personId }),
        channel: 'email',
        destination: 'fu***@example.com',
        delivery: 'not_configured',
        optedOut: true,
      }),
    ]);
    const sms = await call(app(), 'GET', `/api/v1/funds/${fundId}/outreach/invitations?filter[channel]=sms`, {
      token: staff.token,
    });
    expect(sms.json().items.map((item: { channel: string }) => item.channel)).toEqual(['sms']);
    const delivered = await call(app(), 'GET', `/api/v1/funds/${fundId}/outreach/invitations?filter[delivery]=sent`, {
      token: staff.token,
    });
    expect(delivered.json().total).toBe(1);
    const bad = await call(app(), 'GET', `/api/v1/funds/${fundId}/outreach/invitations?filter[delivery]=maybe`, {
      token: staff.token,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('bad input is a 422 and sends nothing; unknown funds 404; readers may not send', async () => {
    const fundId = await newFund(app(), 'Refused Fund');
    const bad = await call(app(), 'POST', `/api/v1/funds/${fundId}/outreach/invitations`, {
      token: staff.token,
      body: { limit: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['limit']);
    const unknown = await call(app(), 'POST', '/api/v1/funds/999999/outreach/invitations', {
      token: staff.token,
      body: {},
    });
    expect(unknown.statusCode).toBe(404);
    const reader = await createStaff(app(), ['outreach.read']);
    const refused = await call(app(), 'POST', `/api/v1/funds/${fundId}/outreach/invitations`, {
      token: reader.token,
      body: {},
    });
    expect(refused.statusCode).toBe(403);
    const trail = await call(app(), 'GET', `/api/v1/funds/${fundId}/audits`, { token: staff.token });
    expect(trail.json().items.map((item: { action: string }) => item.action)).not.toContain('funds.outreach_started');
    expect(await invitationsOf(fundId)).toEqual([]);
  });
});

describe('the schedule (OUTREACH_SCHEDULE)', () => {
  it('queues the invitations of every active fund, each with its own rules; archived funds are left alone', async () => {
    const active = await newFund(app(), 'Scheduled Fund');
    const invitee = await memberOfFund(app(), active, '80');
    await setPhone(invitee.personId, '+27821110080');
    const archived = await newFund(app(), 'Archived Fund');
    const left = await memberOfFund(app(), archived, '81');
    await setPhone(left.personId, '+27821110081');
    await app().db.update(funds).set({ status: 'archived' }).where(eq(funds.id, archived));

    app().clock.set(new Date(MORNING.getTime() + 200 * DAY_MS));
    await app().jobs.send(OUTREACH_SCHEDULE_QUEUE, {});
    await app().jobs.idle([OUTREACH_SCHEDULE_QUEUE]);
    await app().jobs.idle([INVITATIONS_QUEUE]);
    expect((await invitationsOf(active)).map((row) => row.personId)).toEqual([invitee.personId]);
    expect(await invitationsOf(archived)).toEqual([]);
  });

  it('is a cron of 5 fields, off when unset', () => {
    expect(loadConfig({ OUTREACH_SCHEDULE: '0 7-17 * * 1-5' }).outreach.schedule).toBe('0 7-17 * * 1-5');
    expect(loadConfig({}).outreach.schedule).toBeUndefined();
    expect(() => loadConfig({ OUTREACH_SCHEDULE: 'every morning' })).toThrow('OUTREACH_SCHEDULE');
  });
});
