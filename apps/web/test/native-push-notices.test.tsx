import { setTimeout as sleep } from 'node:timers/promises';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSignedInApp, renderAppAt, resetAppStateAfterEach, signIn } from './support/app.js';
import { setUpFakeApi } from './support/fake-api.js';
import { fakeLocal, fakePush, nativePlatform } from './support/fake-push-plugins.js';
import { advance } from './support/timers.js';
import { expectToastClosesAfter, findToast, getToast, toastCorner } from './support/toasts.js';

// Only the third-party Capacitor plugins are faked; the real @capacitor/core sees an Android bridge.
vi.mock('@capacitor/push-notifications', () =>
  import('./support/fake-push-plugins.js').then((m) => m.pushNotificationsModule),
);
vi.mock('@capacitor/local-notifications', () =>
  import('./support/fake-push-plugins.js').then((m) => m.localNotificationsModule),
);

const fakeApi = setUpFakeApi();
resetAppStateAfterEach();

beforeEach(() => {
  fakePush.reset();
  fakeLocal.reset();
  nativePlatform('android');
  fakeApi.on('GET', '/api/app/firebase/notification-total', { status: 200, body: 0 });
  fakeApi.on('POST', '/api/app/firebase/device', { status: 200, body: { id: 1 } });
});
afterEach(() => {
  vi.useRealTimers();
  nativePlatform('web');
});

describe('native push notices (spec section 8)', () => {
  it("says 'Notification permission denied.' when the person refuses", async () => {
    fakePush.reset({ permission: 'prompt', requestAnswer: 'denied' });
    await openSignedInApp(fakeApi);
    expect(toastCorner(await findToast('Notification permission denied.'))).toBe('top-right');
    expect(fakePush.requestCalls).toBe(1);
    expect(fakePush.registerCalls).toBe(0);
  });

  it("says 'Error requesting permission: {message}' when asking fails", async () => {
    fakePush.reset({ permission: 'prompt', requestAnswer: new Error('Permission request already running') });
    await openSignedInApp(fakeApi);
    await findToast('Error requesting permission: Permission request already running');
  });

  it("says 'Failed to register for push notifications.' when the push service refuses", async () => {
    fakePush.reset({ token: null });
    await openSignedInApp(fakeApi);
    await findToast('Failed to register for push notifications.');
  });

  it("says 'Unable to save token' when the device registration fails", async () => {
    fakeApi.on('POST', '/api/app/firebase/device', { status: 500, body: { message: 'Server error' } });
    await openSignedInApp(fakeApi);
    await findToast('Unable to save token');
    // A POST is never sent again (spec section 9 retries only GET, PUT, HEAD, DELETE, OPTIONS, TRACE).
    expect(fakeApi.seen('POST', '/api/app/firebase/device')).toHaveLength(1);
  });

  it('registers the token with source APP (spec 9 device source) and shows no notice', async () => {
    const { member } = await openSignedInApp(fakeApi);
    await waitFor(() => expect(fakeApi.seen('POST', '/api/app/firebase/device')).toHaveLength(1));
    expect(fakeApi.seen('POST', '/api/app/firebase/device')[0]?.body).toEqual({
      personUserId: member.id,
      source: 'APP',
      token: 'fcm-token-1',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('native foreground messages (spec sections 8 and 9)', () => {
  it("shows a toast top right for 8000 ms, titled 'Notification' with 'No Body' when the message has neither", async () => {
    await openSignedInApp(fakeApi);
    await waitFor(() => expect(fakePush.listeners.get('pushNotificationReceived')).toHaveLength(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => fakePush.emit('pushNotificationReceived', { id: 'm-1', data: {} }));
    await advance(0);
    const toast = getToast('No Body');
    expect(toast).toHaveTextContent('Notification');
    expect(toastCorner(toast)).toBe('top-right');
    await expectToastClosesAfter(toast, 8000);
  });

  it('on Android re-posts the message as a local notification after 100 ms on high_priority_channel', async () => {
    await openSignedInApp(fakeApi);
    await waitFor(() => expect(fakePush.listeners.get('pushNotificationReceived')).toHaveLength(1));
    expect(fakeLocal.channels.map((channel) => channel.id)).toEqual(['high_priority_channel']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() =>
      fakePush.emit('pushNotificationReceived', {
        id: 'm-2',
        title: 'Claim approved',
        body: 'Your claim was approved.',
        data: { notificationId: '9' },
      }),
    );
    await advance(99);
    // The toast is up (its rich-text body loads lazily, so its title is what shows at once).
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('Claim approved'))).toBe(true);
    expect(fakeLocal.scheduled).toHaveLength(0);
    await advance(1);
    expect(fakeLocal.scheduled).toHaveLength(1);
    expect(fakeLocal.scheduled[0]?.notifications).toEqual([
      expect.objectContaining({
        title: 'Claim approved',
        body: 'Your claim was approved.',
        channelId: 'high_priority_channel',
      }),
    ]);
    vi.useRealTimers();
    expect(await screen.findByText('Your claim was approved.')).toBeInTheDocument();
  });

  it('does not re-post on iOS, which shows foreground messages itself', async () => {
    nativePlatform('ios');
    await openSignedInApp(fakeApi);
    await waitFor(() => expect(fakePush.listeners.get('pushNotificationReceived')).toHaveLength(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => fakePush.emit('pushNotificationReceived', { id: 'm-3', title: 'Hello', body: 'There', data: {} }));
    await advance(1000);
    expect(getToast('There')).toHaveTextContent('Hello');
    expect(fakeLocal.scheduled).toHaveLength(0);
  });
});

describe('push token refresh (spec section 9: after 7 days)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const devicePosts = () => fakeApi.seen('POST', '/api/app/firebase/device');

  /** Opens the app (as on a start at `time`), waits for its push registration, then closes it. */
  async function startAppAt(time: number) {
    vi.setSystemTime(time);
    const before = fakePush.registerCalls;
    const view = renderAppAt('/main');
    await waitFor(() => expect(fakePush.registerCalls).toBe(before + 1));
    view.unmount();
  }
  /** Gives a device call the app might make time to reach the fake API. */
  const settle = () => sleep(300);

  it('registers the same token again when the app starts 7 days after it last did, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-03-02T08:00:00Z');
    signIn(fakeApi);
    await startAppAt(start);
    await waitFor(() => expect(devicePosts()).toHaveLength(1));

    await startAppAt(start + 7 * DAY - 60_000);
    await settle();
    expect(devicePosts()).toHaveLength(1);

    await startAppAt(start + 7 * DAY);
    await waitFor(() => expect(devicePosts()).toHaveLength(2));
    expect(devicePosts()[1]?.body).toEqual({ personUserId: 41, source: 'APP', token: 'fcm-token-1' });
    await settle();
    expect(devicePosts()).toHaveLength(2);
  });
});
