import { TASK_STATUSES } from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema/index.js';
import { createTask } from '../src/modules/tasks/tasks.service.js';
import { call } from './support/accounts.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let manager: Staff;
let reviewer: Staff;
beforeAll(async () => {
  testApp = await createTestApp();
  manager = await createStaff(testApp.app, ['tasks.read', 'tasks.write', 'audits.read']);
  reviewer = await createStaff(testApp.app, ['tasks.read', 'tasks.resolve']);
});
afterAll(async () => testApp.close());

const post = (body: unknown, token = manager.token) => call(testApp.app, 'POST', '/api/v1/tasks', { token, body });
const list = (query: string, token = manager.token) => call(testApp.app, 'GET', `/api/v1/tasks?${query}`, { token });

describe('tasks', () => {
  it('creates a task linked to an entity and assigned, with a due date', async () => {
    const response = await post({
      title: 'Check the upload',
      description: 'Rows 10-20 look odd',
      entityType: 'file-uploads',
      entityId: '17',
      assigneeId: reviewer.userId,
      dueDate: '2026-07-31',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Check the upload',
      entityType: 'file-uploads',
      entityId: '17',
      assignee: { id: reviewer.userId, email: reviewer.email },
      dueDate: '2026-07-31',
      status: 'open',
      createdBy: manager.userId,
    });
  });

  it('bad input is a 422 per field and creates nothing', async () => {
    const before = await testApp.app.db.$count(tasks);
    const response = await post({ title: '', entityType: 'claims', dueDate: '31/07/2026', assigneeId: 'x' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['assigneeId', 'dueDate', 'title']);
    const noSuchAssignee = await post({ title: 'T', assigneeId: 999999 });
    expect(noSuchAssignee.statusCode).toBe(422);
    expect(noSuchAssignee.json().errors.assigneeId).toBeDefined();
    expect(await testApp.app.db.$count(tasks)).toBe(before);
  });

  it('another domain creates a task by event (createTask), e.g. a submitted claim: a review task by the system', async () => {
    const task = await createTask(testApp.app.db, { title: 'Review claim', entityType: 'claims', entityId: 42 });
    expect(task).toMatchObject({ createdBy: null, status: 'open', entityType: 'claims', entityId: '42' });
    const found = await list('filter[entityType]=claims&filter[entityId]=42');
    expect(found.json().items.map((item: { id: number }) => item.id)).toEqual([task.id]);
    const trail = await call(testApp.app, 'GET', `/api/v1/tasks/${task.id}/audits`, { token: manager.token });
    expect(trail.json().items[0]).toMatchObject({ action: 'tasks.created', actor: { type: 'system' } });
  });

  it('completes an open task; rejects one only with a reason; a closed task cannot change again', async () => {
    const first = (await post({ title: 'First' })).json();
    const second = (await post({ title: 'Second' })).json();
    const complete = await call(testApp.app, 'PATCH', `/api/v1/tasks/${first.id}/complete`, { token: reviewer.token });
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toMatchObject({
      status: 'completed',
      resolvedBy: reviewer.userId,
      resolvedAt: expect.any(String),
    });

    const noReason = await call(testApp.app, 'PATCH', `/api/v1/tasks/${second.id}/reject`, {
      token: reviewer.token,
      body: { reason: '' },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Field is required']);
    const reject = await call(testApp.app, 'PATCH', `/api/v1/tasks/${second.id}/reject`, {
      token: reviewer.token,
      body: { reason: 'Duplicate of another task' },
    });
    expect(reject.statusCode).toBe(200);
    expect(reject.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Duplicate of another task' });

    const again = await call(testApp.app, 'PATCH', `/api/v1/tasks/${first.id}/reject`, {
      token: reviewer.token,
      body: { reason: 'x' },
    });
    expect(again.statusCode).toBe(409);
    const edit = await call(testApp.app, 'PATCH', `/api/v1/tasks/${first.id}`, {
      token: manager.token,
      body: { title: 'Changed' },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('updates and deletes a task', async () => {
    const task = (await post({ title: 'Draft' })).json();
    const edit = await call(testApp.app, 'PATCH', `/api/v1/tasks/${task.id}`, {
      token: manager.token,
      body: { title: 'Final', assigneeId: manager.userId, dueDate: null },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ title: 'Final', assignee: { id: manager.userId }, dueDate: null });
    const empty = await call(testApp.app, 'PATCH', `/api/v1/tasks/${task.id}`, { token: manager.token, body: {} });
    expect(empty.statusCode).toBe(200);
    const removed = await call(testApp.app, 'DELETE', `/api/v1/tasks/${task.id}`, { token: manager.token });
    expect(removed.statusCode).toBe(200);
    expect((await call(testApp.app, 'DELETE', `/api/v1/tasks/${task.id}`, { token: manager.token })).statusCode).toBe(
      404,
    );
  });

  it('lists filter by status, assignee and entity, and search title and description', async () => {
    await post({ title: 'Needle in the haystack', assigneeId: reviewer.userId });
    for (const status of TASK_STATUSES) {
      const items = (await list(`filter[status]=${status}&pageSize=100`)).json().items as { status: string }[];
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((item) => item.status === status)).toBe(true);
    }
    const mine = (await list(`filter[assigneeId]=${reviewer.userId}&filter[status]=open&sort=title:asc`)).json();
    expect(mine.items.map((item: { title: string }) => item.title)).toEqual([
      'Check the upload',
      'Needle in the haystack',
    ]);
    const search = (await list('q=HAYSTACK')).json();
    expect(search.total).toBe(1);
    expect((await list('filter[status]=lost')).statusCode).toBe(422);
  });
});
