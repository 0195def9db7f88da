import type { PersonUserResponse } from '@bcp/contract';
import { notifications } from '@mantine/notifications';
import { act, configure, screen } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installLeaveQuestion } from '../../src/app/leave-question.js';
import { AppRouter } from '../../src/app/router.js';
import { clearSession, sessionStore } from '../../src/lib/session-store.js';
import type { FakeApi } from './fake-api.js';
import { renderInApp } from './render.js';

// The whole app loads its pages on demand (lazy routes), which the test runner compiles on first
// use: on a busy machine the first screen of a file can take seconds, more than Testing Library's
// default 1 s wait. Only waits get longer; nothing passes that would otherwise fail.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/** A signed-in, identity-verified member as `GET person-users/me` returns one. */
export function memberUser(overrides: Partial<PersonUserResponse> = {}): PersonUserResponse {
  return {
    id: 41,
    email: 'naledi@example.co.za',
    phoneNumber: '+27821234567',
    twoFactorMethod: 'EMAIL',
    iidentifiiVerified: true,
    firstName: 'Naledi',
    idNumber: '8001015009087',
    language: 'en',
    ...overrides,
  };
}

/**
 * Makes the browser hold a signed-in session that passed its PIN (spec 3 storage keys `apiToken`
 * and `verified`) and makes the fake API return `user` as `person-users/me`, so the app's own guard
 * loads it on the first navigation.
 */
export function signIn(fakeApi: FakeApi, user: PersonUserResponse = memberUser()): PersonUserResponse {
  localStorage.setItem('apiToken', 'member-token');
  localStorage.setItem('verified', 'true');
  fakeApi.on('GET', '/api/app/person-users/me', { status: 200, body: user });
  return user;
}

/** Where the app opens: a path, or a path with the history entry's state (e.g. the login reason). */
export type AppEntry = string | { pathname: string; state: unknown };

/**
 * Renders the whole app (its router, guard and shell) at `entry` in the test browser's own history
 * (jsdom), inside the app's providers. Returns Testing Library's queries, `user` and `location()`,
 * the app path the browser shows now.
 */
export function renderAppAt(entry: AppEntry) {
  const { pathname, state } = typeof entry === 'string' ? { pathname: entry, state: null } : entry;
  window.history.replaceState(state, '', pathname);
  // A page load: the session store reads browser storage when the app starts (synchronous storage).
  void sessionStore.persist.rehydrate();
  const uninstall = installLeaveQuestion();
  const view = renderInApp(<AppRouter />);
  const unmount = view.unmount;
  return {
    ...view,
    unmount: () => {
      unmount();
      uninstall();
    },
    location: () => window.location.pathname,
  };
}

/**
 * Signs `person` in (see `signIn`), opens the app at /main and waits for the signed-in shell: the
 * push set-up and the unread total start there. Returns the person user, the Activities tab and
 * what `renderAppAt` returns.
 */
export async function openSignedInApp(fakeApi: FakeApi, person: PersonUserResponse = memberUser()) {
  const member = signIn(fakeApi, person);
  const view = renderAppAt('/main');
  const activities = await screen.findByRole('button', { name: /^Activities/ });
  return { member, activities, ...view };
}

/** After each test: no toast left over and no session in memory (the store outlives a render). */
export function resetAppStateAfterEach(): void {
  afterEach(() => {
    act(() => {
      notifications.clean();
      clearSession();
    });
  });
}
