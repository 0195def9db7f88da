import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSignedInApp, resetAppStateAfterEach } from './support/app.js';
import { setUpFakeApi } from './support/fake-api.js';
import { FAKE_SUBSCRIPTION, installWebPush, uninstallWebPush, webPush } from './support/fake-web-push.js';
import { findToast, toastCorner } from './support/toasts.js';

const fakeApi = setUpFakeApi();
resetAppStateAfterEach();

const VAPID_KEY = 'BPx6M5MZ3nN0FJ4y2Lqb2kQ9JrZp6mDq3s1y5V8t7u0wXyZ';

beforeEach(() => {
  fakeApi.on('GET', '/api/app/firebase/notification-total', { status: 200, body: 0 });
  fakeApi.on('GET', '/api/app/firebase/web-push-key', { status: 200, body: { publicKey: VAPID_KEY } });
  fakeApi.on('POST', '/api/app/firebase/device', { status: 200, body: { id: 1 } });
});
afterEach(() => {
  uninstallWebPush();
  vi.restoreAllMocks();
});

describe('web push notices (spec section 8)', () => {
  it("asks once, says 'Notification permission granted!' and registers the subscription (source WEB)", async () => {
    installWebPush({ permission: 'default', requestAnswer: 'granted' });
    const { member } = await openSignedInApp(fakeApi);
    const toast = await findToast('Notification permission granted!');
    expect(toastCorner(toast)).toBe('top-right');
    expect(webPush.requestCalls).toBe(1);
    await waitFor(() => expect(fakeApi.seen('POST', '/api/app/firebase/device')).toHaveLength(1));
    const sent = fakeApi.seen('POST', '/api/app/firebase/device')[0]?.body as { token: string };
    expect(sent).toEqual({ personUserId: member.id, source: 'WEB', token: expect.any(String) });
    expect(JSON.parse(sent.token)).toEqual(FAKE_SUBSCRIPTION);
  });

  it('registers the service worker at the site root (spec section 9)', async () => {
    installWebPush({ permission: 'granted' });
    await openSignedInApp(fakeApi);
    await waitFor(() => expect(webPush.registered).toHaveLength(1));
    expect(webPush.registered[0]).toEqual({ url: '/sw.js', options: { scope: '/' } });
  });

  it("says 'Notification permission denied.' when the person refuses", async () => {
    installWebPush({ permission: 'default', requestAnswer: 'denied' });
    await openSignedInApp(fakeApi);
    await findToast('Notification permission denied.');
    expect(webPush.registered).toHaveLength(0);
  });

  it("says 'Error requesting permission: {message}' when asking fails", async () => {
    installWebPush({ permission: 'default', requestAnswer: new Error('The request is not allowed') });
    await openSignedInApp(fakeApi);
    await findToast('Error requesting permission: The request is not allowed');
  });

  it("says 'Failed to register for push notifications.' when the service worker cannot be registered", async () => {
    installWebPush({ permission: 'granted', registerFails: true });
    await openSignedInApp(fakeApi);
    await findToast('Failed to register for push notifications.');
    expect(fakeApi.seen('POST', '/api/app/firebase/device')).toHaveLength(0);
  });

  it("says 'Unable to save token' when the device registration fails", async () => {
    installWebPush({ permission: 'granted' });
    fakeApi.on('POST', '/api/app/firebase/device', { status: 500, body: { message: 'Server error' } });
    await openSignedInApp(fakeApi);
    await findToast('Unable to save token');
    // A POST is never sent again (spec section 9 retries only GET, PUT, HEAD, DELETE, OPTIONS, TRACE).
    expect(fakeApi.seen('POST', '/api/app/firebase/device')).toHaveLength(1);
  });

  it('alerts "Notifications has been denied, Clear site notification permissions" when the browser blocks them', async () => {
    installWebPush({ permission: 'denied' });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await openSignedInApp(fakeApi);
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Notifications has been denied, Clear site notification permissions'),
    );
    expect(webPush.requestCalls).toBe(0);
  });
});

describe('web foreground messages (spec section 8)', () => {
  it('shows a message that arrives while the app is open as a toast with its title and body', async () => {
    fakeApi.on('GET', '/api/app/firebase/live', {
      status: 200,
      stream: `id: 5\nevent: notification\ndata: ${JSON.stringify({
        id: 5,
        title: 'Claim paid',
        body: '<p>R 500 was paid into your account.</p>',
        source: 'WEB',
        event: 'CLAIM_PAID',
        createdAt: null,
        readAt: null,
      })}\n\n`,
    });
    await openSignedInApp(fakeApi);
    const toast = await findToast('R 500 was paid into your account.');
    expect(toast).toHaveTextContent('Claim paid');
    expect(toastCorner(toast)).toBe('top-right');
  });
});
