import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { rowsOf } from '../src/db/result-rows.js';
import { auditEvents } from '../src/db/schema/index.js';
import { recordAudit } from '../src/platform/audit/audit.service.js';
import {
  AUDIT_CHAIN_GENESIS,
  type AuditChainReport,
  auditEventHash,
  sealAuditChain,
  verifyAuditChain,
} from '../src/platform/audit/audit-chain.js';
import { call } from './support/accounts.js';
import { createPersonUser } from './support/fixtures.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * Issue 36 item 5: one readable, tamper-evident audit log for the office. `GET /api/v1/audits`
 * lists every event in words with its filters and export; the events are chained by hash by the
 * sealer, `verifyAuditChain` (and `npm run audit:verify`) names the first broken link, and the
 * database refuses to change or remove an event.
 */

let testApp: TestApp;
let admin: Staff;
let auditor: Staff;
let outsider: Staff;
let memberToken: string;
let fundId: number;
const today = () => new Date().toISOString().slice(0, 10);

type Event = {
  id: number;
  action: string;
  summary: string;
  actor: { type: string; id: number | null; name: string };
  entityType: string;
  entityId: string | null;
  changes: { field: string; label: string; before: string | null; after: string | null }[];
  chainSeq: number | null;
};

const get = (url: string, token = auditor.token) => call(testApp.app, 'GET', url, { token });
const list = async (query: string): Promise<Event[]> => {
  const response = await get(`/api/v1/audits?pageSize=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
};

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createStaff(testApp.app, 'super-admin');
  auditor = await createStaff(testApp.app, ['audits.read']);
  outsider = await createStaff(testApp.app, ['funds.read']);
  const rename = (staff: Staff, name: string) =>
    call(testApp.app, 'PATCH', `/api/v1/users/${staff.userId}`, { token: admin.token, body: { name } });
  expect((await rename(admin, 'Thandi Mokoena')).statusCode).toBe(200);
  expect((await rename(auditor, 'Pieter van Wyk')).statusCode).toBe(200);
  const member = await createPersonUser(testApp.app.db);
  const { createSession, markSessionVerified } = await import('../src/platform/auth/sessions.js');
  const session = await createSession(testApp.app.db, { area: 'beneficiary', subjectId: member.personUserId });
  await markSessionVerified(testApp.app.db, session.sessionId);
  memberToken = session.token;

  // A journey of the administrator's: a fund made, then its fast-track amount set.
  const fund = await call(testApp.app, 'POST', '/api/v1/funds', {
    token: admin.token,
    body: { name: 'Sentinel Retirement Fund', registrationNumber: '12/8/36051' },
  });
  expect(fund.statusCode, fund.body).toBe(201);
  fundId = fund.json().id;
  const updated = await call(testApp.app, 'PATCH', `/api/v1/funds/${fundId}`, {
    token: admin.token,
    body: { fastTrackThresholdCents: 1_248_050, fastTrackDays: 5 },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  // An approval as the claims service records it, with the amount the approve dialog confirms.
  await recordAudit(testApp.app.db, {
    actor: { type: 'staff', id: admin.userId, label: admin.email },
    action: 'claims.approved',
    entityType: 'claims',
    entityId: 1042,
    before: { status: 'in_review' },
    after: { status: 'approved', amountCents: 1_248_050 },
  });
  // One of 2020, for the day filters.
  await testApp.app.db.insert(auditEvents).values({
    occurredAt: new Date('2020-03-04T10:00:00Z'),
    actorType: 'system',
    actorLabel: 'retention',
    action: 'tasks.purged',
    entityType: 'tasks',
    entityId: '7',
  });
});
afterAll(async () => testApp.close());

describe('GET /api/v1/audits: the office audit log in words', () => {
  it('writes each event as a sentence with the actor by name, and changed fields with labels and rand amounts', async () => {
    const events = await list('');
    const approved = events.find((event) => event.action === 'claims.approved');
    expect(approved?.summary).toMatch(/^Thandi Mokoena approved claim 1042 \(R\s?12\s?480,50\)$/);
    expect(approved?.actor).toMatchObject({ type: 'staff', id: admin.userId, name: 'Thandi Mokoena' });

    const fundUpdate = events.find((event) => event.action === 'funds.updated' && event.entityId === String(fundId));
    expect(fundUpdate?.summary).toBe('Thandi Mokoena changed fund “Sentinel Retirement Fund”');
    const threshold = fundUpdate?.changes.find((change) => change.field === 'fastTrackThresholdCents');
    expect(threshold).toMatchObject({ label: 'Fast-track amount', before: null });
    expect(threshold?.after).toMatch(/^R\s?12\s?480,50$/);
    expect(fundUpdate?.changes.find((change) => change.field === 'fastTrackDays')?.label).toBe(
      'Fast-track promise (days)',
    );

    const renamed = events.find(
      (event) => event.action === 'users.updated' && event.entityId === String(auditor.userId),
    );
    expect(renamed?.summary).toBe('Thandi Mokoena changed staff user “Pieter van Wyk”');
    expect(renamed?.changes).toContainEqual({
      field: 'name',
      label: 'Name',
      before: 'Test Staff',
      after: 'Pieter van Wyk',
    });

    const purged = events.find((event) => event.action === 'tasks.purged');
    expect(purged?.summary).toBe('The system (retention) purged task 7');
  });

  it('never leaves an action as a bare code: unknown ones read as words too', async () => {
    await recordAudit(testApp.app.db, {
      actor: { type: 'system', label: 'risk' },
      action: 'claims.risk_flags_computed',
      entityType: 'claims',
      entityId: 5,
      after: { riskFlagCount: 2 },
    });
    const [event] = await list('filter[action]=claims.risk_flags_computed');
    expect(event?.summary).toBe('The system (risk) recorded “risk flags computed” on claim 5');
    expect(event?.changes).toEqual([{ field: 'riskFlagCount', label: 'Risk flag count', before: null, after: '2' }]);
  });

  it('reads the first of two approvals with its amount, and an assignment, in words', async () => {
    const staff = { actor: { type: 'staff', id: admin.userId, label: admin.email } } as const;
    await recordAudit(testApp.app.db, {
      ...staff,
      action: 'claims.first-approved',
      entityType: 'claims',
      entityId: 1043,
      after: { status: 'Approved, awaiting second approval', grossAmount: 'R 12 480,50' },
    });
    await recordAudit(testApp.app.db, {
      ...staff,
      action: 'claims.assigned',
      entityType: 'claims',
      entityId: 1043,
      before: { assignedUserId: null, assignee: null },
      after: { assignedUserId: auditor.userId, assignee: 'Pieter van Wyk' },
    });
    const [assigned, approved] = await list('filter[entityType]=claims&filter[entityId]=1043');
    expect(approved?.summary).toBe('Thandi Mokoena gave the first of two approvals to claim 1043 (R 12 480,50)');
    expect(approved?.changes).toContainEqual({
      field: 'grossAmount',
      label: 'Gross amount',
      before: null,
      after: 'R 12 480,50',
    });
    expect(assigned?.summary).toBe('Thandi Mokoena assigned claim 1043 to Pieter van Wyk');
    expect(assigned?.changes).toContainEqual({
      field: 'assignee',
      label: 'Assigned to',
      before: null,
      after: 'Pieter van Wyk',
    });
  });

  it('names a failed sign-in by the address tried and why, and a member by name', async () => {
    await call(testApp.app, 'POST', '/api/v1/admin-sessions/login', {
      body: { email: 'nobody@benefitfinder.co.za', password: 'Wrong#Password1' },
    });
    const [failed] = await list('filter[action]=staff.sign_in_failed');
    expect(failed?.summary).toBe('Someone failed to sign in as nobody@benefitfinder.co.za (unknown email)');

    const member = await createPersonUser(testApp.app.db, { firstName: 'Sipho', lastName: 'Dlamini' });
    await recordAudit(testApp.app.db, {
      actor: { type: 'member', id: member.personUserId },
      action: 'claims.submitted',
      entityType: 'claims',
      entityId: 77,
    });
    const [submitted] = await list('filter[entityType]=claims&filter[entityId]=77');
    expect(submitted?.summary).toBe('Sipho Dlamini (member) submitted claim 77');
  });

  it('filters by actor, action, record and days, newest first, and pages by cursor', async () => {
    const byAuditor = await list(`filter[actorType]=staff&filter[actorId]=${auditor.userId}`);
    expect(byAuditor).toEqual([]);
    const byAdmin = await list(`filter[actorType]=staff&filter[actorId]=${admin.userId}`);
    expect(byAdmin.length).toBeGreaterThanOrEqual(4);
    expect(byAdmin.every((event) => event.actor.id === admin.userId)).toBe(true);
    expect(byAdmin.map((event) => event.id)).toEqual([...byAdmin.map((event) => event.id)].sort((a, b) => b - a));

    const system = await list('filter[actorType]=system');
    expect(system.length).toBeGreaterThan(0);
    expect(system.every((event) => event.actor.type === 'system')).toBe(true);

    expect((await list('filter[action]=funds.created')).map((event) => event.entityId)).toEqual([String(fundId)]);
    const fundTrail = await list(`filter[entityType]=funds&filter[entityId]=${fundId}`);
    expect(fundTrail.map((event) => event.action)).toEqual(['funds.updated', 'funds.created']);

    expect((await list('filter[occurredFrom]=2020-03-04&filter[occurredTo]=2020-03-04')).map((e) => e.action)).toEqual([
      'tasks.purged',
    ]);
    expect(await list('filter[occurredFrom]=2020-03-05&filter[occurredTo]=2020-03-05')).toEqual([]);
    const sinceToday = await list(`filter[occurredFrom]=${today()}`);
    expect(sinceToday.some((event) => event.action === 'tasks.purged')).toBe(false);
    expect(sinceToday.length).toBeGreaterThan(3);

    const first = await get('/api/v1/audits?pageSize=2');
    expect(first.json().items).toHaveLength(2);
    const second = await get(`/api/v1/audits?pageSize=2&cursor=${first.json().nextCursor}`);
    const ids = [...first.json().items, ...second.json().items].map((event: Event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(4);
    expect((await get('/api/v1/audits?cursor=nonsense')).statusCode).toBe(422);
    expect((await get('/api/v1/audits?filter[action]=DROP TABLE')).statusCode).toBe(422);
  });

  it('offers its filters in words: the actions and record types found, the staff by name', async () => {
    const response = await get('/api/v1/audits/filters');
    expect(response.statusCode).toBe(200);
    const filters = response.json();
    expect(filters.actions).toContainEqual({ value: 'claims.approved', label: 'Claim approved' });
    expect(filters.actions).toContainEqual({ value: 'funds.updated', label: 'Fund updated' });
    expect(filters.entityTypes).toContainEqual({ value: 'users', label: 'Staff user' });
    expect(filters.staff).toContainEqual({ value: String(admin.userId), label: `Thandi Mokoena (${admin.email})` });
  });

  it('exports the filtered log as CSV in words, and the export is itself an audit event', async () => {
    const response = await get(`/api/v1/audits/export?filter[entityType]=funds&filter[entityId]=${fundId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'event_id,occurred_at_utc,event,actor,actor_type,actor_id,action,record_type,record_id,changes,ip,chain_seq',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Thandi Mokoena changed fund “Sentinel Retirement Fund”');
    expect(lines[1]).toMatch(/Fast-track amount: — → R\s?12\s?480,50/);
    const [exported] = await list('filter[action]=audits.exported');
    expect(exported?.summary).toBe('Pieter van Wyk exported 2 audit events as CSV');
    expect(exported?.changes.find((change) => change.field === 'filter')?.after).toBe(
      `Record: ${fundId}; Record type: funds`,
    );
  });

  it('per-record trails read in words too', async () => {
    const response = await get(`/api/v1/funds/${fundId}/audits`);
    expect(response.statusCode).toBe(200);
    expect(response.json().items[0].summary).toBe('Thandi Mokoena changed fund “Sentinel Retirement Fund”');
  });

  it('answers 401 without a token or with a member token, 403 without audits.read', async () => {
    for (const url of ['/api/v1/audits', '/api/v1/audits/filters', '/api/v1/audits/export']) {
      expect((await call(testApp.app, 'GET', url)).statusCode, url).toBe(401);
      expect((await get(url, memberToken)).statusCode, url).toBe(401);
      expect((await get(url, outsider.token)).statusCode, url).toBe(403);
    }
  });

  it('seals every event into the chain and verifies it, through the log too', async () => {
    const sealed = await sealAuditChain(testApp.app.db, { wait: true });
    const report = await verifyAuditChain(testApp.app.db);
    expect(report, JSON.stringify(report)).toMatchObject({ intact: true, unsealed: 0 });
    const total = await testApp.app.db.$count(auditEvents);
    expect(report.intact && report.events).toBe(total);
    expect(sealed).toBeLessThanOrEqual(total);
    const events = await list('sort=id:asc');
    expect(events.every((event) => event.chainSeq !== null)).toBe(true);
  });
});

/** A database of its own (no server: nothing seals behind the test's back) holding `count` events. */
async function databaseWithEvents(count: number): Promise<TestDatabase> {
  const database = await createTestDatabase();
  for (let index = 1; index <= count; index += 1) {
    await recordAudit(database.handle.db, {
      actor: { type: 'staff', id: 1, label: 'ops@benefitfinder.co.za' },
      action: index === 2 ? 'claims.approved' : 'funds.updated',
      entityType: index === 2 ? 'claims' : 'funds',
      entityId: index,
      before: { status: 'in_review', fastTrackThresholdCents: 100_000 + index },
      after: { status: 'approved', fastTrackThresholdCents: 200_000 + index },
    });
  }
  return database;
}

/** The database's own message of a refused statement (drizzle wraps it as the cause). */
async function refusal(db: Database, statement: SQL): Promise<string> {
  try {
    await db.transaction((tx) => tx.execute(statement));
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'not refused';
}

/** Runs `statement` as a superuser with the append-only trigger switched off (what the application's role cannot do). */
async function tamper(db: Database, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_no_update_or_delete`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_no_update_or_delete`);
  });
}

async function eventIds(db: Database): Promise<number[]> {
  return (await db.select({ id: auditEvents.id }).from(auditEvents).orderBy(asc(auditEvents.id))).map((row) => row.id);
}

describe('the hash chain', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await databaseWithEvents(5);
  });
  afterAll(async () => database.destroy());

  it('chains events in id order from the genesis, each with the hash of the one before', async () => {
    const { db } = database.handle;
    expect(await sealAuditChain(db)).toBe(5);
    expect(await sealAuditChain(db)).toBe(0);
    const rows = await db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    expect(rows.map((row) => row.chainSeq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]?.prevHash).toBe(AUDIT_CHAIN_GENESIS);
    for (let index = 1; index < rows.length; index += 1) {
      expect(rows[index]?.prevHash).toBe(rows[index - 1]?.hash);
      expect(rows[index]?.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const report = await verifyAuditChain(db);
    expect(report).toEqual({ intact: true, events: 5, unsealed: 0, head: { seq: 5, hash: rows[4]?.hash } });
    expect(await verifyAuditChain(db, { anchors: new Map([[5, rows[4]?.hash as string]]) })).toMatchObject({
      intact: true,
    });
  });

  it('the database refuses to change an event, sealed or not, to re-seal one, to delete one or to empty the table', async () => {
    const { db } = database.handle;
    const [sealed] = await eventIds(db);
    await recordAudit(db, { actor: { type: 'system' }, action: 'tasks.created', entityType: 'tasks', entityId: 9 });
    const [unsealed] = await db.select().from(auditEvents).where(isNull(auditEvents.chainSeq));
    const refused = [
      sql`update audit_events set after = '{"status":"rejected"}' where id = ${sealed}`,
      sql`update audit_events set action = 'tasks.deleted' where id = ${unsealed?.id}`,
      sql`update audit_events set chain_seq = 99, prev_hash = ${AUDIT_CHAIN_GENESIS}, hash = ${'a'.repeat(64)} where id = ${sealed}`,
      // Sealing while changing anything else is not sealing.
      sql`update audit_events set chain_seq = 99, prev_hash = ${AUDIT_CHAIN_GENESIS}, hash = ${'a'.repeat(64)}, entity_id = '10' where id = ${unsealed?.id}`,
      sql`delete from audit_events where id = ${unsealed?.id}`,
      sql`truncate audit_events`,
    ];
    for (const statement of refused) expect(await refusal(db, statement)).toBe('audit_events is append-only');
    expect(await sealAuditChain(db)).toBe(1);
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true, events: 6 });
  });
});

describe('tampering is found and named', () => {
  let database: TestDatabase;
  let db: Database;
  let ids: number[];
  beforeAll(async () => {
    database = await databaseWithEvents(4);
    db = database.handle.db;
    await sealAuditChain(db);
    ids = await eventIds(db);
  });
  afterAll(async () => database.destroy());

  /**
   * `verifyAuditChain` after `statements` were run as a superuser with the trigger off, all in one
   * transaction rolled back afterwards: each test tampers with the same intact chain.
   */
  async function verifyTampered(statements: SQL[], anchors?: Map<number, string>): Promise<AuditChainReport> {
    let report: AuditChainReport | undefined;
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table audit_events disable trigger audit_events_no_update_or_delete`);
        for (const statement of statements) await tx.execute(statement);
        report = await verifyAuditChain(tx, anchors ? { anchors } : {});
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!report) throw error;
      });
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true, events: 4 });
    return report as AuditChainReport;
  }

  it('an event changed in the database is named, with its action and time', async () => {
    const report = await verifyTampered([
      sql`update audit_events set after = '{"status":"rejected"}' where id = ${ids[1]}`,
    ]);
    expect(report.intact).toBe(false);
    expect(!report.intact && report.eventId).toBe(ids[1]);
    expect(!report.intact && report.problem).toMatch(
      new RegExp(
        `^event ${ids[1]} \\(claims\\.approved, \\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z\\) does not match its hash: changed after it was written$`,
      ),
    );
  });

  it('an event changed with its own hash recomputed breaks the link to the next one', async () => {
    // Whoever knows the algorithm can rehash the changed event, but not the events after it.
    const [stored] = rowsOf<Record<string, string | null>>(
      await db.execute(sql`select id::text, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
        actor_label, before::text, chain_seq::text, prev_hash from audit_events where id = ${ids[1]}`),
    );
    const forged = { status: 'rejected' };
    const hash = auditEventHash({
      id: ids[1] as number,
      occurredAt: stored?.at as string,
      actorType: 'staff',
      actorId: 1,
      actorLabel: stored?.actor_label ?? null,
      action: 'claims.approved',
      entityType: 'claims',
      entityId: '2',
      before: JSON.parse(stored?.before as string),
      after: forged,
      ip: null,
      chainSeq: Number(stored?.chain_seq),
      prevHash: stored?.prev_hash as string,
    });
    const report = await verifyTampered([
      sql`update audit_events set after = ${JSON.stringify(forged)}::jsonb, hash = ${hash} where id = ${ids[1]}`,
    ]);
    expect(!report.intact && report.eventId).toBe(ids[2]);
    expect(!report.intact && report.problem).toMatch(
      new RegExp(
        `^chain broken between event ${ids[1]} \\(claims\\.approved, .*\\) and event ${ids[2]} \\(funds\\.updated, .*\\): the link to the previous event was changed$`,
      ),
    );
  });

  it('an event removed breaks the chain between its neighbours', async () => {
    const report = await verifyTampered([sql`delete from audit_events where id = ${ids[1]}`]);
    expect(!report.intact && report.problem).toMatch(
      new RegExp(
        `^chain broken between event ${ids[0]} \\(funds\\.updated, .*\\) and event ${ids[2]} .*: 1 event removed$`,
      ),
    );
  });

  it('events removed from the end are found against a place and hash noted before', async () => {
    const head = await verifyAuditChain(db);
    const anchors = new Map([[4, head.intact ? (head.head?.hash as string) : '']]);
    const removeLast = sql`delete from audit_events where id = ${ids[3]}`;
    expect(await verifyTampered([removeLast])).toMatchObject({ intact: true, events: 3 });
    expect(await verifyTampered([removeLast], anchors)).toMatchObject({
      intact: false,
      problem: 'the chain ends at place 3 but place 4 was noted before: events were removed from its end',
    });
  });
});

describe('sealing beside inserts still in flight', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await databaseWithEvents(2);
  });
  afterAll(async () => database.destroy());

  it('waits at a gap in the ids while the event after it is young, passes an old one, and chains a late event later', async () => {
    const { db } = database.handle;
    // An insert rolled back: its id is never used.
    await db
      .transaction(async (tx) => {
        await recordAudit(tx, { actor: { type: 'system' }, action: 'tasks.created', entityType: 'tasks', entityId: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await recordAudit(db, { actor: { type: 'system' }, action: 'tasks.created', entityType: 'tasks', entityId: 2 });
    const ids = await eventIds(db);
    expect(ids).toHaveLength(3);
    const gapId = (ids[1] as number) + 1;
    expect(ids[2]).toBe(gapId + 1);
    expect(await sealAuditChain(db)).toBe(2);
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true, events: 2, unsealed: 1 });
    // Past the wait, the gap is a rolled-back insert: the event after it is chained.
    expect(await sealAuditChain(db, { gapWaitSeconds: 0 })).toBe(1);
    // The event of the gap commits late (a long transaction): it is chained after the others.
    await db.execute(sql`insert into audit_events (id, actor_type, action, entity_type, entity_id)
      overriding system value values (${gapId}, 'system', 'tasks.created', 'tasks', '3')`);
    expect(await sealAuditChain(db)).toBe(1);
    const [late] = await db.select().from(auditEvents).where(eq(auditEvents.id, gapId));
    expect(late?.chainSeq).toBe(4);
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true, events: 4, unsealed: 0 });
  });
});

describe('npm run audit:verify', () => {
  const ROOT = resolve(import.meta.dirname, '../../..');
  let handle: DatabaseHandle;
  let env: Record<string, string>;
  let folder: string;
  let testDatabase: TestDatabase | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'bcp-audit-verify-'));
    if (process.env.TEST_DATABASE_URL) {
      testDatabase = await createTestDatabase();
      handle = testDatabase.handle;
      env = { DATABASE_URL: testDatabase.url as string, DATA_DIR: folder };
    } else {
      handle = await openDatabase({ dataDir: folder });
      await applyMigrations(handle);
      env = { DATABASE_URL: '', DATA_DIR: folder };
    }
    for (let index = 1; index <= 3; index += 1) {
      await recordAudit(handle.db, {
        actor: { type: 'staff', id: 1, label: 'ops@benefitfinder.co.za' },
        action: 'funds.updated',
        entityType: 'funds',
        entityId: index,
        after: { fastTrackThresholdCents: index * 1000 },
      });
    }
  });
  afterAll(async () => {
    await handle.close().catch(() => undefined);
    await testDatabase?.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Runs the command on the database, closed meanwhile when embedded (one process owns it). */
  async function verify(): Promise<{ status: number | null; stdout: string; stderr: string }> {
    if (!testDatabase) await handle.close();
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', 'apps/api/src/modules/audits/verify-audit-chain.cli.ts'],
      { cwd: ROOT, encoding: 'utf8', timeout: scaled(120_000), env: { ...process.env, NODE_ENV: 'test', ...env } },
    );
    if (!testDatabase) handle = await openDatabase({ dataDir: folder });
    return result;
  }

  it('seals what is pending and passes: "audit chain intact: N events"', async () => {
    const result = await verify();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^audit chain intact: 3 events\nlast event: place 3, hash [0-9a-f]{64}\n/);
  });

  it('fails naming the event changed directly in the database', async () => {
    const [, second] = await eventIds(handle.db);
    await tamper(handle.db, sql`update audit_events set after = '{"fastTrackThresholdCents": 1}' where id = ${second}`);
    const result = await verify();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^audit chain broken: event ${second} \\(funds\\.updated, [0-9T:.-]+Z\\) does not match its hash: changed after it was written\\n$`,
      ),
    );
  });
});
