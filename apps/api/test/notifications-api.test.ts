import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyPersonUser } from '../src/modules/notifications/notify.service.js';
import { call, type Member, signUpMember } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 5 calls (spec 7): `GET firebase/{id}/notification` (sort, only your own),
 * `GET firebase/notification-total`, `PUT firebase/notification/read`, `POST`/`DELETE firebase/device`
 * (idempotent upsert, only yourself, token refresh and replacement), and the identity-verified event.
 */
describe('notification calls (spec 7 firebase/*)', () => {
  let test: TestApp;
  let member: Member;
  let other: Member;
  const ids: number[] = [];

  beforeAll(async () => {
    test = await createTestApp({ listen: true });
    member = await signUpMember(test.app);
    other = await signUpMember(test.app, { twoFactorMethod: 'EMAIL' });
    for (const title of ['Bravo', 'Alpha', 'Charlie']) {
      const { notificationId } = await notifyPersonUser(test.app, member.personUserId, {
        title,
        body: `<p onclick="steal()">${title} <script>alert(1)</script><strong>news</strong></p>`,
        event: 'dev.test',
      });
      ids.push(notificationId);
    }
    await notifyPersonUser(test.app, other.personUserId, { title: 'Not yours', body: 'secret', event: 'dev.test' });
  });
  afterAll(async () => test?.close());

  const list = (query: string, token = member.token, id: number | string = member.personUserId) =>
    call(test.app, 'GET', `/api/app/firebase/${id}/notification${query}`, { token });

  it('lists your notifications newest first by default (id:desc), with the spec fields and sanitized bodies', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(rows.map((row: { id: number }) => row.id)).toEqual([...ids].reverse());
    expect(rows[0]).toEqual({
      id: ids[2],
      title: 'Charlie',
      body: '<p>Charlie <strong>news</strong></p>',
      source: 'SYSTEM',
      event: 'dev.test',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      readAt: null,
    });
  });

  it('sorts by a bracket-array sort query (sort[]=title:asc), and refuses unknown sort keys (422)', async () => {
    const byTitle = await list(`?sort[]=title:asc&personUserId=${member.personUserId}`);
    expect(byTitle.json().map((row: { title: string }) => row.title)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const ascending = await list('?sort[]=id:asc');
    expect(ascending.json().map((row: { id: number }) => row.id)).toEqual(ids);
    const plain = await list('?sort=title:desc');
    expect(plain.json().map((row: { title: string }) => row.title)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect((await list('?sort[]=password:asc')).statusCode).toBe(422);
  });

  it("answers only your own: another member's id, in the path or the query, is 404; no token is 401", async () => {
    expect((await list('', member.token, other.personUserId)).statusCode).toBe(404);
    expect((await list(`?personUserId=${other.personUserId}`)).statusCode).toBe(404);
    expect((await list('', member.token, 'me')).json()).toHaveLength(3);
    expect((await list('', other.token)).statusCode).toBe(404);
    const mine = await list('', other.token, other.personUserId);
    expect(mine.json().map((row: { title: string }) => row.title)).toEqual(['Not yours']);
    expect((await call(test.app, 'GET', `/api/app/firebase/${member.personUserId}/notification`)).statusCode).toBe(401);
  });

  it('counts unread notifications, and marking read (only your own) lowers the count', async () => {
    const total = () => call(test.app, 'GET', '/api/app/firebase/notification-total', { token: member.token });
    expect((await total()).json()).toBe(3);
    const otherTotal = await call(
      test.app,
      'GET',
      `/api/app/firebase/notification-total?personUserId=${member.personUserId}`,
      {
        token: other.token,
      },
    );
    expect(otherTotal.statusCode).toBe(404);

    const [otherNotification] = (await list('', other.token, other.personUserId)).json();
    const read = await call(test.app, 'PUT', '/api/app/firebase/notification/read', {
      token: member.token,
      body: { ids: [ids[0], ids[1], otherNotification.id] },
    });
    expect(read.json()).toEqual({ updated: 2, total: 1 });
    expect((await total()).json()).toBe(1);
    const again = await call(test.app, 'PUT', '/api/app/firebase/notification/read', {
      token: member.token,
      body: { ids: [ids[0]] },
    });
    expect(again.json()).toEqual({ updated: 0, total: 1 });
    const rows = (await list('?sort[]=id:asc')).json();
    expect(rows[0].readAt).toEqual(expect.any(String));
    expect(rows[2].readAt).toBeNull();
    // The other member's notification stayed unread.
    const theirs = await call(test.app, 'GET', '/api/app/firebase/notification-total', { token: other.token });
    expect(theirs.json()).toBe(1);
  });

  it('registers a device idempotently (same id, refreshedAt moves), only for yourself', async () => {
    const body = { personUserId: member.personUserId, source: 'APP', token: 'fcm-token-aaaa' };
    const first = await call(test.app, 'POST', '/api/app/firebase/device', { token: member.token, body });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      source: 'APP',
      createdAt: expect.any(String),
      refreshedAt: expect.any(String),
    });
    expect(JSON.stringify(first.json())).not.toContain('fcm-token-aaaa');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await call(test.app, 'POST', '/api/app/firebase/device', { token: member.token, body });
    expect(second.json().id).toBe(first.json().id);
    expect(Date.parse(second.json().refreshedAt)).toBeGreaterThan(Date.parse(first.json().refreshedAt));

    const forSomeoneElse = await call(test.app, 'POST', '/api/app/firebase/device', {
      token: member.token,
      body: { ...body, personUserId: other.personUserId },
    });
    expect(forSomeoneElse.statusCode).toBe(403);
    const anonymous = await call(test.app, 'POST', '/api/app/firebase/device', { body });
    expect(anonymous.statusCode).toBe(401);
  });

  it('moves a token to the member who registers it last (a shared phone), and replaces a previous token', async () => {
    const shared = { source: 'APP', token: 'fcm-token-shared' };
    const mine = await call(test.app, 'POST', '/api/app/firebase/device', {
      token: member.token,
      body: { personUserId: member.personUserId, ...shared },
    });
    const theirs = await call(test.app, 'POST', '/api/app/firebase/device', {
      token: other.token,
      body: { personUserId: other.personUserId, ...shared },
    });
    expect(theirs.json().id).toBe(mine.json().id);
    // The first member can no longer remove it: it is not theirs any more.
    const removeByFormer = await call(test.app, 'DELETE', '/api/app/firebase/device', {
      token: member.token,
      body: { token: 'fcm-token-shared' },
    });
    expect(removeByFormer.json()).toEqual({ removed: false });

    const replaced = await call(test.app, 'POST', '/api/app/firebase/device', {
      token: other.token,
      body: {
        personUserId: other.personUserId,
        source: 'APP',
        token: 'fcm-token-new',
        previousToken: 'fcm-token-shared',
      },
    });
    expect(replaced.statusCode).toBe(200);
    const removeOld = await call(test.app, 'DELETE', '/api/app/firebase/device', {
      token: other.token,
      body: { token: 'fcm-token-shared' },
    });
    expect(removeOld.json()).toEqual({ removed: false });
    const removeNew = await call(test.app, 'DELETE', '/api/app/firebase/device', {
      token: other.token,
      body: { token: 'fcm-token-new' },
    });
    expect(removeNew.json()).toEqual({ removed: true });
  });

  it('refuses a WEB token that is not a push subscription (422, per field)', async () => {
    const response = await call(test.app, 'POST', '/api/app/firebase/device', {
      token: member.token,
      body: { personUserId: member.personUserId, source: 'WEB', token: 'not-a-subscription' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual(['A WEB token must be a push subscription (endpoint and keys).']);
    const badSource = await call(test.app, 'POST', '/api/app/firebase/device', {
      token: member.token,
      body: { personUserId: member.personUserId, source: 'IOS', token: 'x' },
    });
    expect(badSource.statusCode).toBe(422);
  });

  it('tells the member when their identity check passes (identity verified event)', async () => {
    const started = await call(test.app, 'GET', '/api/app/beneficiary-sessions/iidentifii', { token: other.token });
    expect(started.statusCode).toBe(200);
    const submitted = await fetch(started.json().url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'pass' }).toString(),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(303);
    const rows = (await list('', other.token, other.personUserId)).json();
    expect(rows[0]).toMatchObject({ title: 'Identity verified', event: 'identity.verified', source: 'SYSTEM' });
  });
});
