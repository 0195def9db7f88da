import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setPendingOtp, setPersonUser, startSession } from '../src/lib/session-store.js';
import { renderAppAt } from './support/app.js';
import { pinSent, RETURNING_MEMBER as RETURNING } from './support/session-fixtures.js';

const OTP = pinSent();

/** The app's own router and guard, in the test browser, starting at `entry`. */
const openApp = renderAppAt;

describe('navigation guard and the pages it lets through (spec section 4)', () => {
  // No API server here: every call fails as if offline (nothing leaves the test).
  beforeEach(() => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline'))));
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows a returning, identity-checked member the PIN page with where the PIN went and the resend wait', async () => {
    startSession({ apiToken: 'token-abc', verified: false, personUser: RETURNING, otp: OTP });
    openApp('/verify');
    expect(await screen.findByRole('heading', { name: 'Enter your one-time PIN' })).toBeVisible();
    expect(screen.getByText(OTP.destination)).toBeVisible();
    expect(screen.getByRole('button', { name: /Send a new PIN in \d+ s/ })).toBeDisabled();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });

  it('sends /verify with no user to login', async () => {
    const { location } = openApp('/verify');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(location()).toBe('/auth/login');
  });

  it("asks 'Do you really want to leave?' on the way from /verify to login; leaving logs out", async () => {
    // Signed in (the person user is loaded), with no token left to end on the server.
    setPersonUser(RETURNING);
    setPendingOtp(OTP);
    const { user, location } = openApp('/verify');
    const tabs = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(tabs).getByRole('button', { name: 'Account' })).toBeVisible();
    await user.click(await screen.findByRole('link', { name: 'Not you? Sign in with another account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Do you really want to leave?');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(location()).toBe('/auth/login');
    expect(within(tabs).queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('lets a member with both checks done through to benefits from /', async () => {
    startSession({ apiToken: 'token-abc', verified: true, personUser: RETURNING });
    setPersonUser(RETURNING);
    const { location } = openApp('/');
    expect(await screen.findByRole('heading', { name: 'Your benefits' })).toBeVisible();
    expect(location()).toBe('/benefits');
  });

  it('says on the login page why the member is there after a 401, and only then', async () => {
    openApp({ pathname: '/auth/login', state: { sessionEnded: true } });
    expect(await screen.findByText('Your session ended. Please sign in again.')).toBeVisible();
  });

  it('says nothing of an ended session on an ordinary visit to login', async () => {
    openApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByText('Your session ended. Please sign in again.')).not.toBeInTheDocument();
  });
});
