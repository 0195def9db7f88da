import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyPersonUser } from '../src/modules/notifications/notify.service.js';
import { type Member, signUpMember } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Reads an SSE response until `count` `event: notification` messages arrived; returns their data. */
async function readNotifications(response: Response, count: number, onOpen?: () => Promise<void>) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { id: string; data: { id: number; title: string } }[] = [];
  let buffer = '';
  let opened = false;
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    if (!opened && buffer.includes(': connected')) {
      opened = true;
      await onOpen?.();
    }
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => !line.startsWith(':') && line.includes(': '))
          .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
      );
      if (fields.event === 'notification') events.push({ id: fields.id ?? '', data: JSON.parse(fields.data ?? '{}') });
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}

/** Issue 5 "Live updates": `GET /api/app/firebase/live` (Server-Sent Events), authenticated, surviving a reconnect. */
describe('live notifications (SSE)', () => {
  let test: TestApp;
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    test = await createTestApp({ listen: true });
    member = await signUpMember(test.app);
    other = await signUpMember(test.app);
  });
  afterAll(async () => test?.close());

  const open = (token: string | undefined, lastEventId?: number) =>
    fetch(`${test.baseUrl}/api/app/firebase/live`, {
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}),
      },
    });

  it('refuses a stream without a session (401)', async () => {
    const response = await open(undefined);
    expect(response.status).toBe(401);
  });

  it("streams the member's new notifications, and not other members'", async () => {
    const response = await open(member.token);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await readNotifications(response, 1, async () => {
      await notifyPersonUser(test.app, other.personUserId, { title: 'For the other', body: 'x', event: 'dev.test' });
      await notifyPersonUser(test.app, member.personUserId, { title: 'For you', body: '<p>Hi</p>', event: 'dev.test' });
    });
    expect(events.map((event) => event.data.title)).toEqual(['For you']);
    expect(events[0]?.id).toBe(String(events[0]?.data.id));
  });

  it('sends what was missed since Last-Event-ID after a reconnect', async () => {
    const first = await notifyPersonUser(test.app, member.personUserId, {
      title: 'Seen',
      body: 'a',
      event: 'dev.test',
    });
    await notifyPersonUser(test.app, member.personUserId, { title: 'Missed 1', body: 'b', event: 'dev.test' });
    await notifyPersonUser(test.app, member.personUserId, { title: 'Missed 2', body: 'c', event: 'dev.test' });
    const events = await readNotifications(await open(member.token, first.notificationId), 2);
    expect(events.map((event) => event.data.title)).toEqual(['Missed 1', 'Missed 2']);
  });
});
