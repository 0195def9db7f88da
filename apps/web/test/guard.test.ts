import { describe, expect, it } from 'vitest';
import { asksBeforeLeaving, decideNavigation } from '../src/app/guard';

const none = { hasUser: false, iidentifiiVerified: false, verified: false };
const otpOnly = { hasUser: true, iidentifiiVerified: false, verified: true };
const both = { hasUser: true, iidentifiiVerified: true, verified: true };

describe('navigation guard (spec section 4)', () => {
  it('sends / to benefits when iidentifiiVerified and verified', () => {
    expect(decideNavigation('/', both)).toEqual({ redirect: '/benefits' });
  });

  it('logs out and goes to search at / or /benefits when not both verified', () => {
    expect(decideNavigation('/', otpOnly)).toEqual({ redirect: '/auth/search', logout: true });
    expect(decideNavigation('/benefits', otpOnly)).toEqual({ redirect: '/auth/search', logout: true });
    expect(decideNavigation('/benefits', none)).toEqual({ redirect: '/auth/search', logout: false });
    expect(decideNavigation('/benefits', both)).toEqual({});
  });

  it('sends /verify with no user to login', () => {
    expect(decideNavigation('/verify', none)).toEqual({ redirect: '/auth/login' });
    expect(decideNavigation('/verify', otpOnly)).toEqual({});
  });

  it.each([
    '/auth/search',
    '/auth/login',
    '/auth/terms',
    '/sign-up/8001015009087',
    '/search-complete/2/8001015009087',
    '/id-verify/8001015009087',
    '/main',
    '/check-message',
  ])('allows %s without a user', (path) => {
    expect(decideNavigation(path, none)).toEqual({});
  });

  it('sends any other path with no user to search, and lets a user through', () => {
    expect(decideNavigation('/benefit/steps', none)).toEqual({ redirect: '/auth/search' });
    expect(decideNavigation('/anything', none)).toEqual({ redirect: '/auth/search' });
    expect(decideNavigation('/benefit/steps', otpOnly)).toEqual({});
  });

  it("asks 'Do you really want to leave?' only from /benefits to /verify and from /verify to /auth/login", () => {
    expect(asksBeforeLeaving('/benefits', '/verify')).toBe(true);
    expect(asksBeforeLeaving('/verify', '/auth/login')).toBe(true);
    expect(asksBeforeLeaving('/verify', '/benefits')).toBe(false);
    expect(asksBeforeLeaving('/auth/login', '/verify')).toBe(false);
  });
});
