import { Readable } from 'node:stream';
import { PERSON_ADMIN_MESSAGES } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  benefitClaims,
  benefits,
  devices,
  fileUploadRows,
  fileUploads,
  identityImages,
  identityVerifications,
  notifications,
  personBankAccounts,
  persons,
  personUsers,
  sessions,
} from '../src/db/schema/index.js';
import { FILE_UPLOADS_FOLDER } from '../src/modules/file-uploads/file-uploads.service.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { call, latestOtp } from './support/accounts.js';
import { addBankAccount, type ClaimingMember, claimingMember, submittedClaim } from './support/claims.js';
import { createPersonUser } from './support/fixtures.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 18: staff views of a benefit's person, account, source rows and identity images, and the
 * corrections (benefit, person), closing an account and sending a reset PIN.
 */
let testApp: TestApp;
let reader: Staff;
let writer: Staff;
let benefitsOnly: Staff;
let member: ClaimingMember;
let memberPersonId: number;
const app = () => testApp.app;

async function personIdOf(benefitId: number): Promise<number> {
  const [row] = await app().db.select({ personId: benefits.personId }).from(benefits).where(eq(benefits.id, benefitId));
  return row?.personId as number;
}

async function auditsOf(action: string, entityId: number | string) {
  return app()
    .db.select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(entityId))));
}

/**
 * An upload with its file in the private store (as the upload call keeps it) and two staged rows
 * naming `idNumber` (lines 2 and 3 of the file); the benefit points at it.
 */
async function uploadedFrom(benefitId: number, idNumber: string, memberNumber: string): Promise<number> {
  const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, benefitId));
  const file = `id_number,amount\n${idNumber},1.00\n${idNumber},"R 12 480,50"\n`;
  const stored = await app().files.put(FILE_UPLOADS_FOLDER, Readable.from([file]), 1_000_000);
  const [upload] = await app()
    .db.insert(fileUploads)
    .values({
      fundId: benefit?.fundId as number,
      kind: 'member_file',
      status: 'accepted',
      fileName: 'members.csv',
      storedName: stored.storedName,
      sha256: stored.sha256,
    })
    .returning({ id: fileUploads.id });
  const uploadId = upload?.id as number;
  const values = (amountCents: number) => ({ idNumber, memberNumber, benefitType: 'withdrawal', amountCents });
  await app()
    .db.insert(fileUploadRows)
    .values([
      { fileUploadId: uploadId, line: 2, refused: false, ...values(100), findings: [] },
      {
        fileUploadId: uploadId,
        line: 3,
        refused: false,
        ...values(member.amountCents),
        findings: [{ level: 'warning', field: 'phone_number', message: 'Not a phone number.' }],
      },
    ]);
  await app().db.update(benefits).set({ fileUploadId: uploadId, memberNumber }).where(eq(benefits.id, benefitId));
  return uploadId;
}

beforeAll(async () => {
  testApp = await createTestApp();
  reader = await createStaff(app(), ['persons.read']);
  writer = await createStaff(app(), ['persons.write', 'benefits.write', 'persons.read']);
  benefitsOnly = await createStaff(app(), ['benefits.read', 'claims.read']);
  member = await claimingMember(app(), { amountCents: 1_248_050 });
  memberPersonId = await personIdOf(member.benefitId);
  await app()
    .db.insert(devices)
    .values({ personUserId: member.personUserId, source: 'APP', token: 'fcm-token-abcdefghijklmnop-123456' });
  await app().db.insert(identityVerifications).values({
    personUserId: member.personUserId,
    provider: 'sandbox',
    reference: 'sandbox-check-1',
    status: 'passed',
    completedAt: new Date(),
  });
});
afterAll(async () => testApp.close());

describe('issue 18 permissions of the person calls', () => {
  const routes: [method: 'GET' | 'PATCH' | 'DELETE', url: () => string][] = [
    ['GET', () => `/api/v1/benefits/${member.benefitId}/person`],
    ['GET', () => `/api/v1/benefits/${member.benefitId}/user`],
    ['GET', () => `/api/v1/benefits/${member.benefitId}/source`],
    ['GET', () => `/api/v1/benefits/person/source/${memberPersonId}`],
    ['GET', () => `/api/v1/benefits/person/images?personId=${memberPersonId}`],
    ['PATCH', () => `/api/v1/benefits/edit/${member.benefitId}`],
    ['PATCH', () => `/api/v1/benefits/update/person/${memberPersonId}`],
    ['DELETE', () => `/api/v1/benefits/person/user/delete/${memberPersonId}`],
    ['PATCH', () => `/api/v1/benefits/person/password/${memberPersonId}`],
  ];

  it('answers 401 without a token or with a member token, 403 without the permission, and changes nothing', async () => {
    for (const [method, url] of routes) {
      const body = method === 'GET' ? undefined : { reason: 'Member asked on the phone', amountCents: 1 };
      expect((await call(app(), method, url(), { body })).statusCode, url()).toBe(401);
      expect((await call(app(), method, url(), { token: member.token, body })).statusCode, url()).toBe(401);
      expect((await call(app(), method, url(), { token: benefitsOnly.token, body })).statusCode, url()).toBe(403);
    }
    const [user] = await app().db.select().from(personUsers).where(eq(personUsers.id, member.personUserId));
    expect(user?.closedAt).toBeNull();
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, member.benefitId));
    expect(benefit?.amountCents).toBe(member.amountCents);
  });

  it('a reader may not write (403) and a writer without persons.read may not read', async () => {
    const edit = await call(app(), 'PATCH', `/api/v1/benefits/edit/${member.benefitId}`, {
      token: reader.token,
      body: { amountCents: 5, reason: 'Fund corrected it' },
    });
    expect(edit.statusCode).toBe(403);
  });
});

describe('issue 18 GET benefits/{id}/person and {id}/user', () => {
  it('shows the person with the full ID number and audits the view', async () => {
    const response = await call(app(), 'GET', `/api/v1/benefits/${member.benefitId}/person`, { token: reader.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: memberPersonId,
      idNumber: member.idNumber,
      lastName: 'Mokoena',
      hasAccount: true,
    });
    const views = await auditsOf('persons.viewed', memberPersonId);
    expect(views.filter((row) => row.actorId === reader.userId)).toHaveLength(1);
    expect((await call(app(), 'GET', '/api/v1/benefits/999999/person', { token: reader.token })).statusCode).toBe(404);
  });

  it('shows the account: identity checks, devices with masked tokens, sessions without tokens; audited', async () => {
    const response = await call(app(), 'GET', `/api/v1/benefits/${member.benefitId}/user`, { token: reader.token });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      id: member.personUserId,
      personId: memberPersonId,
      phoneNumber: member.phoneNumber,
      iidentifiiVerified: true,
      closedAt: null,
      notificationSettings: { twoFactorMethod: 'SMS' },
    });
    expect(user.identityChecks).toEqual([expect.objectContaining({ provider: 'sandbox', status: 'passed' })]);
    expect(user.devices).toEqual([expect.objectContaining({ source: 'APP', tokenMasked: '…123456' })]);
    expect(response.body).not.toContain('fcm-token-abcdefghijklmnop');
    expect(user.sessions.length).toBeGreaterThanOrEqual(1);
    expect(response.body).not.toContain(member.token);
    expect(await auditsOf('person-users.viewed', member.personUserId)).toHaveLength(1);
  });

  it('answers 404 with the message when the person never signed up', async () => {
    const other = await claimingMember(app());
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, other.benefitId));
    const lone = await app()
      .db.insert(persons)
      .values({
        idNumber: '8809094410087',
        firstName: 'No',
        lastName: 'Account',
        dateOfBirth: '1988-09-09',
        gender: 'male',
      })
      .returning({ id: persons.id });
    await app()
      .db.update(benefits)
      .set({ personId: lone[0]?.id as number })
      .where(eq(benefits.id, benefit?.id as number));
    const response = await call(app(), 'GET', `/api/v1/benefits/${other.benefitId}/user`, { token: reader.token });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(PERSON_ADMIN_MESSAGES.noAccount);
  });
});

describe('issue 18 source rows', () => {
  it('GET benefits/{id}/source: the upload and the last row loaded, with its values and its original cells read from the stored file; audited', async () => {
    const uploadId = await uploadedFrom(member.benefitId, member.idNumber, 'SRC-1');
    const response = await call(app(), 'GET', `/api/v1/benefits/${member.benefitId}/source`, { token: reader.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      upload: { id: uploadId, kind: 'member_file', fileName: 'members.csv' },
      line: 3,
      values: { member_number: 'SRC-1', amount_cents: member.amountCents },
      cells: [member.idNumber, 'R 12 480,50'],
      findings: [{ level: 'warning', field: 'phone_number' }],
    });
    expect(await auditsOf('benefits.source-viewed', member.benefitId)).toHaveLength(1);
  });

  it('answers 404 with the message for a benefit not loaded from a file', async () => {
    const other = await claimingMember(app());
    const response = await call(app(), 'GET', `/api/v1/benefits/${other.benefitId}/source`, { token: reader.token });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(PERSON_ADMIN_MESSAGES.sourceNotFound);
  });

  it('GET benefits/person/source/{id}: every row naming the person, in the list envelope; audited', async () => {
    const response = await call(app(), 'GET', `/api/v1/benefits/person/source/${memberPersonId}?pageSize=1`, {
      token: reader.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ page: 1, pageSize: 1, total: 2, totalPages: 2 });
    expect(response.json().items[0].line).toBe(2);
    expect(await auditsOf('persons.source-viewed', memberPersonId)).toHaveLength(1);
    const unknown = await call(app(), 'GET', '/api/v1/benefits/person/source/999999', { token: reader.token });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('issue 18 GET benefits/person/images', () => {
  it("fetches the check's images from the provider once into the file store, answers them as data URLs; audited", async () => {
    const url = `/api/v1/benefits/person/images?personId=${memberPersonId}`;
    const first = await call(app(), 'GET', url, { token: reader.token });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const items = first.json().items;
    expect(items.map((item: { kind: string }) => item.kind)).toEqual(['selfie', 'id-document']);
    expect(items[0].dataUrl).toMatch(/^data:image\/png;base64,iVBOR/);
    const second = await call(app(), 'GET', url, { token: reader.token });
    expect(second.json().items).toHaveLength(2);
    expect(await app().db.select().from(identityImages)).toHaveLength(2);
    expect(await auditsOf('persons.images-viewed', memberPersonId)).toHaveLength(2);
  });

  it('refuses a missing or bad personId (422) and an unknown person (404)', async () => {
    expect((await call(app(), 'GET', '/api/v1/benefits/person/images', { token: reader.token })).statusCode).toBe(422);
    const bad = await call(app(), 'GET', '/api/v1/benefits/person/images?personId=abc', { token: reader.token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('personId');
    const unknown = await call(app(), 'GET', '/api/v1/benefits/person/images?personId=999999', { token: reader.token });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('issue 18 PATCH benefits/edit/{id}', () => {
  it('needs a reason and a change (422 per field) and then changes nothing', async () => {
    const url = `/api/v1/benefits/edit/${member.benefitId}`;
    const noReason = await call(app(), 'PATCH', url, { token: writer.token, body: { amountCents: 10 } });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toHaveProperty('reason');
    const nothing = await call(app(), 'PATCH', url, { token: writer.token, body: { reason: 'Fund letter 12' } });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.amountCents).toEqual([PERSON_ADMIN_MESSAGES.nothingToChange]);
    const negative = await call(app(), 'PATCH', url, {
      token: writer.token,
      body: { amountCents: -1, reason: 'Fund letter 12' },
    });
    expect(negative.statusCode).toBe(422);
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, member.benefitId));
    expect(benefit?.amountCents).toBe(member.amountCents);
  });

  it('corrects amount and type with the reason in the audit trail (before and after)', async () => {
    const other = await claimingMember(app(), { amountCents: 50_000 });
    const response = await call(app(), 'PATCH', `/api/v1/benefits/edit/${other.benefitId}`, {
      token: writer.token,
      body: { amountCents: 55_000, benefitType: 'Retirement', reason: 'Fund letter of 3 May' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: other.benefitId, amountCents: 55_000, benefitType: 'retirement' });
    const [audit] = await auditsOf('benefits.corrected', other.benefitId);
    expect(audit?.before).toMatchObject({ amountCents: 50_000, benefitType: 'withdrawal' });
    expect(audit?.after).toMatchObject({
      amountCents: 55_000,
      benefitType: 'retirement',
      reason: 'Fund letter of 3 May',
    });
  });

  it('is refused (409) while the claim is submitted, and changes nothing', async () => {
    const claimed = await submittedClaim(app(), { amountCents: 70_000 });
    const response = await call(app(), 'PATCH', `/api/v1/benefits/edit/${claimed.benefitId}`, {
      token: writer.token,
      body: { amountCents: 1, reason: 'Fund letter of 3 May' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PERSON_ADMIN_MESSAGES.claimInFlight);
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, claimed.benefitId));
    expect(benefit?.amountCents).toBe(70_000);
  });
});

describe('issue 18 PATCH benefits/update/person/{id}', () => {
  it('corrects names and contact details with the reason (audited), validating each field', async () => {
    const url = `/api/v1/benefits/update/person/${memberPersonId}`;
    const bad = await call(app(), 'PATCH', url, {
      token: writer.token,
      body: { phoneNumber: '12', email: 'not-an-email', reason: 'Member called' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'phoneNumber']);
    const response = await call(app(), 'PATCH', url, {
      token: writer.token,
      body: {
        firstName: '  Thandiwe  ',
        email: 'Thandi@Example.com',
        phoneNumber: '082 555 0000',
        reason: 'Member called',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Thandiwe',
      email: 'thandi@example.com',
      phoneNumber: '+27825550000',
    });
    const [audit] = await auditsOf('persons.corrected', memberPersonId);
    expect(audit?.after).toMatchObject({ firstName: 'Thandiwe', reason: 'Member called' });
    // The account's own sign-in contact stays the member's.
    const [user] = await app().db.select().from(personUsers).where(eq(personUsers.id, member.personUserId));
    expect(user?.phoneNumber).toBe(member.phoneNumber);
    const unknown = await call(app(), 'PATCH', '/api/v1/benefits/update/person/999999', {
      token: writer.token,
      body: { firstName: 'X', reason: 'Member called' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('issue 18 PATCH benefits/person/password/{id}', () => {
  it('sends the member a reset PIN by their method, answers the masked destination, audits it', async () => {
    const response = await call(app(), 'PATCH', `/api/v1/benefits/person/password/${memberPersonId}`, {
      token: writer.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ method: 'SMS', sentTo: expect.stringMatching(/^\+27 \*\* \*\*\* \*\d{3}$/) });
    expect(response.body).not.toContain(member.phoneNumber);
    expect(await latestOtp(app(), member.phoneNumber)).toMatch(/^\d{6}$/);
    expect(await auditsOf('person-users.reset-pin-sent', member.personUserId)).toHaveLength(1);
    const again = await call(app(), 'PATCH', `/api/v1/benefits/person/password/${memberPersonId}`, {
      token: writer.token,
    });
    expect(again.statusCode).toBe(429);
  });
});

describe('issue 18 DELETE benefits/person/user/delete/{id}', () => {
  it('needs a reason (422), then closes the account: sessions, devices, images, contacts gone; claims kept', async () => {
    const closing = await submittedClaim(app(), { amountCents: 80_000 });
    const personId = await personIdOf(closing.benefitId);
    const spare = await addBankAccount(app(), closing, '2222333344');
    await app().db.insert(devices).values({
      personUserId: closing.personUserId,
      source: 'WEB',
      token: '{"endpoint":"https://fcm.googleapis.com/x"}',
    });
    const url = `/api/v1/benefits/person/user/delete/${personId}`;
    const noReason = await call(app(), 'DELETE', url, { token: writer.token, body: {} });
    expect(noReason.statusCode).toBe(422);

    const response = await call(app(), 'DELETE', url, {
      token: writer.token,
      body: { reason: 'Member asked by email' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ personUserId: closing.personUserId, sessionsEnded: 1, devicesRemoved: 1 });
    expect(response.json().bankAccountsRemoved).toBe(2);

    const [user] = await app().db.select().from(personUsers).where(eq(personUsers.id, closing.personUserId));
    expect(user).toMatchObject({ email: null, phoneNumber: null });
    expect(user?.closedAt).not.toBeNull();
    expect(await app().db.select().from(devices).where(eq(devices.personUserId, closing.personUserId))).toEqual([]);
    expect(
      await app().db.select().from(notifications).where(eq(notifications.personUserId, closing.personUserId)),
    ).toEqual([]);
    const live = await app()
      .db.select()
      .from(sessions)
      .where(and(eq(sessions.subjectId, closing.personUserId), eq(sessions.area, 'beneficiary')));
    expect(live.every((session) => session.revokedReason === 'account_closed')).toBe(true);
    // The unused account is gone, the one the claim pays into is kept (marked removed).
    expect(await app().db.select().from(personBankAccounts).where(eq(personBankAccounts.id, spare))).toEqual([]);
    const [claim] = await app().db.select().from(benefitClaims).where(eq(benefitClaims.id, closing.claimId));
    expect(claim?.status).toBe('submitted');
    expect(claim?.bankAccountId).not.toBeNull();
    const [audit] = await auditsOf('person-users.closed', closing.personUserId);
    expect(audit?.after).toMatchObject({ reason: 'Member asked by email' });

    // The member's token no longer works, and the account can no longer be found to reset.
    expect(
      (await call(app(), 'GET', '/api/app/benefit-claims/person-banks', { token: closing.token })).statusCode,
    ).toBe(401);
    const reset = await call(app(), 'PATCH', `/api/v1/benefits/person/password/${personId}`, { token: writer.token });
    expect(reset.statusCode).toBe(404);
    const again = await call(app(), 'DELETE', url, { token: writer.token, body: { reason: 'Member asked by email' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PERSON_ADMIN_MESSAGES.accountClosed);
  });

  it('removes the identity images with the account', async () => {
    const other = await createPersonUser(app().db, { iidentifiiVerified: true });
    const session = await createSession(app().db, { area: 'beneficiary', subjectId: other.personUserId });
    await markSessionVerified(app().db, session.sessionId);
    await app().db.insert(identityVerifications).values({
      personUserId: other.personUserId,
      provider: 'sandbox',
      reference: 'sandbox-check-2',
      status: 'passed',
    });
    const images = await call(app(), 'GET', `/api/v1/benefits/person/images?personId=${other.personId}`, {
      token: reader.token,
    });
    expect(images.json().items).toHaveLength(2);
    const closed = await call(app(), 'DELETE', `/api/v1/benefits/person/user/delete/${other.personId}`, {
      token: writer.token,
      body: { reason: 'Member asked by email' },
    });
    expect(closed.json().identityImagesRemoved).toBe(2);
    const after = await call(app(), 'GET', `/api/v1/benefits/person/images?personId=${other.personId}`, {
      token: reader.token,
    });
    expect(after.json().items).toEqual([]);
  });
});
