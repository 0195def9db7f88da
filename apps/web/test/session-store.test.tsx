import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETURNING_MEMBER as MEMBER, pinSent } from './support/session-fixtures.js';

const OTP = pinSent();

type Store = typeof import('../src/lib/session-store.js');

/** A fresh copy of the store module, as when the app starts (hydration happens on load). */
async function startApp(): Promise<Store> {
  vi.resetModules();
  return import('../src/lib/session-store.js');
}

/** Shows what the person would see of the session: who is signed in and whether the PIN was entered. */
function SessionBadge(props: { store: Store }) {
  const session = props.store.useSession();
  // What root-layout once did during render: the read that used to write, and crashed (React #185).
  const verified = props.store.getVerified();
  return (
    <p>
      {session.personUser ? `Signed in as ${session.personUser.email}` : 'Signed out'}
      {verified ? ', PIN entered' : ', PIN not entered'}
    </p>
  );
}

describe('session store (spec sections 3 and 4)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('hydrates from the spec’s browser storage keys when the app starts', async () => {
    localStorage.setItem('apiToken', 'token-abc');
    localStorage.setItem('verified', 'true');
    localStorage.setItem('fcmToken', 'push-token-1');
    localStorage.setItem('twoFactorMethod', 'EMAIL');
    localStorage.setItem('signedUpPersonUser', JSON.stringify(MEMBER));
    sessionStorage.setItem('pendingOtp', JSON.stringify(OTP));
    const store = await startApp();
    expect(store.getApiToken()).toBe('token-abc');
    expect(store.getVerified()).toBe(true);
    expect(store.getFcmToken()).toBe('push-token-1');
    expect(store.getTwoFactorMethod()).toBe('EMAIL');
    expect(store.getSignedUpPersonUser()).toEqual(MEMBER);
    expect(store.getPendingOtp()).toEqual(OTP);
    // The person user is never stored: it is loaded from the server.
    expect(store.sessionSnapshot().personUser).toBeNull();
  });

  it('starts empty when nothing is stored, and ignores a two-factor method that is neither SMS nor EMAIL', async () => {
    localStorage.setItem('twoFactorMethod', 'PIGEON');
    localStorage.setItem('signedUpPersonUser', '{not json');
    const store = await startApp();
    const reads = [store.getApiToken(), store.getVerified(), store.getFcmToken(), store.getTwoFactorMethod()];
    expect(reads).toEqual([null, false, null, null]);
    expect([store.getSignedUpPersonUser(), store.getPendingOtp(), store.sessionSnapshot().personUser]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('never writes when read: a returning member whose PIN is not yet entered renders once, without a crash', async () => {
    const store = await startApp();
    act(() => store.startSession({ apiToken: 'token-abc', verified: false, personUser: MEMBER, otp: OTP }));
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    const before = store.sessionSnapshot();
    for (let read = 0; read < 3; read += 1) {
      store.getApiToken();
      store.getVerified();
      store.getFcmToken();
      store.getTwoFactorMethod();
      store.getSignedUpPersonUser();
      store.getPendingOtp();
    }
    render(<SessionBadge store={store} />);
    expect(screen.getByText('Signed in as th***@example.co.za, PIN not entered')).toBeVisible();
    expect(store.sessionSnapshot()).toBe(before);
    expect(setItem).not.toHaveBeenCalled();
    expect(removeItem).not.toHaveBeenCalled();

    act(() => store.markVerified(MEMBER));
    expect(screen.getByText('Signed in as th***@example.co.za, PIN entered')).toBeVisible();
  });

  it('keeps its state under exactly the spec’s keys, plus the pending PIN in sessionStorage', async () => {
    const store = await startApp();
    store.startSession({ apiToken: 'token-abc', verified: false, personUser: MEMBER, otp: OTP });
    store.setSignedUpPersonUser(MEMBER);
    store.setFcmToken('push-token-1');
    store.markVerified(MEMBER);
    expect(Object.keys(localStorage).sort()).toEqual([
      'apiToken',
      'fcmToken',
      'signedUpPersonUser',
      'twoFactorMethod',
      'verified',
    ]);
    expect(localStorage.getItem('apiToken')).toBe('token-abc');
    expect(localStorage.getItem('verified')).toBe('true');
    expect(localStorage.getItem('twoFactorMethod')).toBe('SMS');
    expect(JSON.parse(localStorage.getItem('signedUpPersonUser') ?? 'null')).toEqual(MEMBER);
    expect(store.STORAGE_KEYS).toEqual({
      apiToken: 'apiToken',
      verified: 'verified',
      fcmToken: 'fcmToken',
      twoFactorMethod: 'twoFactorMethod',
      signedUpPersonUser: 'signedUpPersonUser',
    });
  });

  it('keeps the PIN’s destination and resend time across a reload of /verify, until the PIN is entered', async () => {
    const first = await startApp();
    first.startSession({ apiToken: 'token-abc', verified: false, personUser: MEMBER, otp: OTP });
    const reloaded = await startApp();
    expect(reloaded.getPendingOtp()).toEqual(OTP);
    reloaded.markVerified(MEMBER);
    expect((await startApp()).getPendingOtp()).toBeNull();
  });

  it('logout clears the person user, api token and verified flag, and removes apiToken and verified from storage (spec 4)', async () => {
    const store = await startApp();
    store.startSession({ apiToken: 'token-abc', verified: false, personUser: MEMBER, otp: OTP });
    store.markVerified(MEMBER);
    store.setSignedUpPersonUser(MEMBER);
    store.setFcmToken('push-token-1');
    render(<SessionBadge store={store} />);
    act(() => store.clearSession());
    expect(screen.getByText('Signed out, PIN not entered')).toBeVisible();
    expect(store.getApiToken()).toBeNull();
    expect(localStorage.getItem('apiToken')).toBeNull();
    expect(localStorage.getItem('verified')).toBeNull();
    // Not the session's to remove: the device's push token and what sign-up kept.
    expect(localStorage.getItem('fcmToken')).toBe('push-token-1');
    expect(localStorage.getItem('twoFactorMethod')).toBe('SMS');
    expect(localStorage.getItem('signedUpPersonUser')).not.toBeNull();
    // A restart finds no session.
    const reloaded = await startApp();
    expect([reloaded.getApiToken(), reloaded.getVerified()]).toEqual([null, false]);
  });
});
