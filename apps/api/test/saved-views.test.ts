import { SAVED_VIEW_LIMITS, SAVED_VIEW_MESSAGES } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedViews } from '../src/db/schema/index.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { call } from './support/accounts.js';
import { createPersonUser } from './support/fixtures.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 38 item 3 "saved per user by name", through real HTTP on a real database: a staff user
 * saves the claims queue's filters under a name, lists them, replaces one by saving the same name,
 * deletes one; another user neither sees nor deletes them (404); bad input is a 422 per field;
 * without a token or with the member area's token, 401.
 */
let testApp: TestApp;
let alice: Staff;
let bongani: Staff;
let memberToken: string;
const app = () => testApp.app;
const URL = '/api/v1/users/me/saved-views';

beforeAll(async () => {
  testApp = await createTestApp();
  alice = await createStaff(app(), ['benefits.read', 'claims.read']);
  // No permission at all: views are a user's own, not a permission's.
  bongani = await createStaff(app(), []);
  const member = await createPersonUser(app().db);
  const session = await createSession(app().db, { area: 'beneficiary', subjectId: member.personUserId });
  await markSessionVerified(app().db, session.sessionId);
  memberToken = session.token;
});
afterAll(async () => testApp.close());

const save = (by: Staff, body: unknown) => call(app(), 'POST', URL, { token: by.token, body });
const mine = async (by: Staff) => {
  const response = await call(app(), 'GET', `${URL}?screen=claims`, { token: by.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: { id: number; name: string; query: string }[]; total: number };
};

describe('saved views of the claims queue (/api/v1/users/me/saved-views)', () => {
  it('saves, lists by name, replaces by the same name, deletes', async () => {
    const saved = await save(alice, { screen: 'claims', name: 'Big flagged', query: 'flagged=true&min=50000' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ screen: 'claims', name: 'Big flagged', query: 'flagged=true&min=50000' });
    expect((await save(alice, { screen: 'claims', name: 'Ageing', query: 'age=10' })).statusCode).toBe(200);
    const listed = await mine(alice);
    expect(listed.items.map((view) => view.name)).toEqual(['Ageing', 'Big flagged']);
    expect(listed.total).toBe(2);

    const replaced = await save(alice, { screen: 'claims', name: 'Big flagged', query: 'flagged=true&min=90000' });
    expect(replaced.json().id).toBe(saved.json().id);
    expect((await mine(alice)).items.find((view) => view.name === 'Big flagged')?.query).toBe('flagged=true&min=90000');

    const deleted = await call(app(), 'DELETE', `${URL}/${saved.json().id}`, { token: alice.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await mine(alice)).items.map((view) => view.name)).toEqual(['Ageing']);
  });

  it("another user's views are neither listed nor deleted (404), and stay", async () => {
    const view = (await save(alice, { screen: 'claims', name: 'Alice only', query: 'status=submitted' })).json();
    expect((await mine(bongani)).items).toEqual([]);
    const theirs = await call(app(), 'DELETE', `${URL}/${view.id}`, { token: bongani.token });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(SAVED_VIEW_MESSAGES.notFound);
    const [kept] = await app().db.select().from(savedViews).where(eq(savedViews.id, view.id));
    expect(kept?.userId).toBe(alice.userId);
    // Bongani's view of the same name is his own.
    expect((await save(bongani, { screen: 'claims', name: 'Alice only', query: '' })).statusCode).toBe(200);
    expect((await mine(alice)).items.find((item) => item.name === 'Alice only')?.query).toBe('status=submitted');
    expect((await call(app(), 'DELETE', `${URL}/999999`, { token: alice.token })).statusCode).toBe(404);
  });

  it('bad input is a 422 naming each field, and saves nothing', async () => {
    const before = (await mine(alice)).total;
    const cases: [unknown, string[]][] = [
      [{ screen: 'claims', name: '', query: '' }, ['name']],
      [{ screen: 'claims', name: 'x'.repeat(SAVED_VIEW_LIMITS.nameLength + 1), query: '' }, ['name']],
      [{ screen: 'persons', name: 'Wrong screen', query: '' }, ['screen']],
      [{ screen: 'claims', name: 'Too long', query: 'a'.repeat(SAVED_VIEW_LIMITS.queryLength + 1) }, ['query']],
      [{ screen: 'claims', name: 'Not a query', query: '?status=draft' }, ['query']],
      [{}, ['name', 'query', 'screen']],
    ];
    for (const [body, fields] of cases) {
      const response = await save(alice, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors).sort()).toEqual(fields);
    }
    expect((await call(app(), 'GET', `${URL}?screen=nope`, { token: alice.token })).statusCode).toBe(422);
    expect((await call(app(), 'DELETE', `${URL}/abc`, { token: alice.token })).statusCode).toBe(422);
    expect((await mine(alice)).total).toBe(before);
  });

  it(`keeps at most ${SAVED_VIEW_LIMITS.perScreen} views per screen (422 on name), replacing one still works`, async () => {
    const carol = await createStaff(app(), []);
    for (let index = 0; index < SAVED_VIEW_LIMITS.perScreen; index += 1) {
      expect((await save(carol, { screen: 'claims', name: `View ${index}`, query: '' })).statusCode).toBe(200);
    }
    const over = await save(carol, { screen: 'claims', name: 'One more', query: '' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ name: [SAVED_VIEW_MESSAGES.tooMany] });
    expect((await save(carol, { screen: 'claims', name: 'View 3', query: 'status=paid' })).statusCode).toBe(200);
  });

  it("without a token 401, with the member area's token 401", async () => {
    const view = (await save(alice, { screen: 'claims', name: 'Guarded', query: '' })).json();
    const calls: [string, string, object][] = [
      ['GET', `${URL}?screen=claims`, {}],
      ['POST', URL, { body: { screen: 'claims', name: 'Sneaky', query: '' } }],
      ['DELETE', `${URL}/${view.id}`, {}],
    ];
    for (const [method, url, options] of calls) {
      expect((await call(app(), method as 'GET', url, options)).statusCode, url).toBe(401);
      expect((await call(app(), method as 'GET', url, { ...options, token: memberToken })).statusCode, url).toBe(401);
    }
    expect((await mine(alice)).items.map((item) => item.name)).toContain('Guarded');
  });
});
