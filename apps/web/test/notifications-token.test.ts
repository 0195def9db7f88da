import { PUSH } from '@bcp/contract';
import { describe, expect, it } from 'vitest';
import { parseServerSentEvents } from '../src/features/notifications/live-updates';
import { serviceWorkerLocation } from '../src/features/notifications/push-setup';
import {
  base64UrlToBytes,
  decideTokenAction,
  sameApplicationServerKey,
} from '../src/features/notifications/token-rules';

/** Spec sections 4 and 9: "A push token is refreshed after 7 days, recreated if the subscription differs". */
describe('push token rules', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');

  it('registers a token when none is registered', () => {
    expect(decideTokenAction(null, 'token-a', now, 7)).toBe('register');
  });

  it('keeps a token registered less than 7 days ago, and refreshes it at 7 days', () => {
    const justUnder = { token: 'token-a', savedAt: now - PUSH.tokenRefreshMs + 1, personUserId: 7 };
    expect(decideTokenAction(justUnder, 'token-a', now, 7)).toBe('keep');
    const weekOld = { token: 'token-a', savedAt: now - PUSH.tokenRefreshMs, personUserId: 7 };
    expect(decideTokenAction(weekOld, 'token-a', now, 7)).toBe('refresh');
    expect(PUSH.tokenRefreshMs).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('replaces the registered token when the subscription differs', () => {
    expect(decideTokenAction({ token: 'token-a', savedAt: now, personUserId: 7 }, 'token-b', now, 7)).toBe('replace');
  });

  it('registers a fresh token again for another member, or after logout forgot its member (a shared phone)', () => {
    expect(decideTokenAction({ token: 'token-a', savedAt: now, personUserId: 7 }, 'token-a', now, 8)).toBe('register');
    expect(decideTokenAction({ token: 'token-a', savedAt: now, personUserId: null }, 'token-a', now, 7)).toBe(
      'register',
    );
  });

  it('compares a subscription key with the VAPID key', () => {
    const key = 'BPx6M5MZ3nN0FJ4y2Lqb2kQ9JrZp6mDq3s1y5V8t7u0wXyZ';
    const bytes = base64UrlToBytes(key);
    expect(sameApplicationServerKey(bytes.buffer, key)).toBe(true);
    expect(sameApplicationServerKey(base64UrlToBytes('AAAA').buffer, key)).toBe(false);
    expect(sameApplicationServerKey(null, key)).toBe(false);
  });

  it('puts the service worker at the site root, or under /portal/ (spec 9)', () => {
    expect(serviceWorkerLocation('/')).toEqual({ url: '/sw.js', scope: '/' });
    expect(serviceWorkerLocation('/portal/')).toEqual({ url: '/portal/sw.js', scope: '/portal/' });
  });
});

describe('live updates stream parsing', () => {
  it('reads complete events with id, event and data, skips comments, and keeps the unfinished rest', () => {
    const { events, rest } = parseServerSentEvents(
      'retry: 3000\n: connected\n\nid: 7\nevent: notification\ndata: {"id":7}\n\n: ping\n\nid: 8\nevent: notif',
    );
    expect(events).toEqual([{ id: '7', event: 'notification', data: '{"id":7}' }]);
    expect(rest).toBe('id: 8\nevent: notif');
  });
});
