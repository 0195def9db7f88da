import type { Catalog } from '../i18n/locales/en';

/**
 * The typed route registry (spec section 2): every path of the app, built by functions so that no
 * component spells a path by hand.
 */
export const paths = {
  root: () => '/',
  search: () => '/auth/search',
  terms: () => '/auth/terms',
  login: () => '/auth/login',
  forgotPassword: () => '/auth/forgot-password',
  sendResetPasswordOtp: () => '/auth/send-reset-password-otp',
  resetPassword: () => '/auth/reset-password',
  searchComplete: (totalBenefits: number, idNumber: string, noBenefits?: string) =>
    `/search-complete/${totalBenefits}/${encodeURIComponent(idNumber)}${noBenefits ? `/${encodeURIComponent(noBenefits)}` : ''}`,
  signUp: (idNumber: string) => `/sign-up/${encodeURIComponent(idNumber)}`,
  idVerify: (idNumber: string) => `/id-verify/${encodeURIComponent(idNumber)}`,
  verify: () => '/verify',
  main: () => '/main',
  benefits: () => '/benefits',
  steps: (benefitId?: number) => `/benefit/steps${benefitId === undefined ? '' : `?benefitId=${benefitId}`}`,
  claimDetails: () => '/benefit/claim-details',
  /** "Is this message from us?" (issue 21 item 4): public, beyond the spec's routes. */
  checkMessage: () => '/check-message',
} as const;

/** Route names of spec section 2, used as React Router route ids. */
export const ROUTE_NAMES = {
  search: 'search',
  terms: 'terms',
  login: 'login',
  forgotPassword: 'forgot-password',
  sendResetPasswordOtp: 'send-reset-password-otp',
  resetPassword: 'reset-password',
  searchComplete: 'search-complete',
  signUp: 'sign-up',
  idVerify: 'id-verify',
  verify: 'verify',
  main: 'main',
  benefits: 'benefits',
  steps: 'steps',
  claimDetails: 'claim-details',
  checkMessage: 'check-message',
  notFound: 'not-found',
} as const;

/** What a route declares in its `handle`: its page title (a key of the catalogs' `titles`) and whether it hides the top navbar. */
export interface RouteHandle {
  titleKey: keyof Catalog['titles'];
  hideNavbar?: boolean;
}

export const APP_NAME = 'Benefit Finder';
