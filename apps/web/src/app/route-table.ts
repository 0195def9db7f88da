import { lazy } from 'react';
import { paths, ROUTE_NAMES, type RouteHandle } from '../config/paths';
import { SearchPage } from './routes/auth/search';

/** One page of spec section 2: its route name, path pattern (wouter syntax), title and component (mostly lazily loaded). */
export interface PageRoute {
  name: (typeof ROUTE_NAMES)[keyof typeof ROUTE_NAMES];
  path: string;
  handle: RouteHandle;
  Component: React.ComponentType;
  /** Starts loading the page's code (lazily loaded pages), e.g. while the navigation guard's checks run. */
  preload?: () => Promise<unknown>;
}

/** A page component loaded as its own chunk the first time its route is shown (or `preload` is called). */
function page<K extends string>(load: () => Promise<Record<K, React.ComponentType>>, key: K) {
  return { Component: lazy(async () => ({ default: (await load())[key] })), preload: load };
}

/**
 * Every page of spec section 2 with the spec's route names, in match order; anything else is the
 * not-found page. Each page but the search page loads as its own chunk the first time it shows. `/` has no page: the navigation guard always sends it on (spec 4).
 */
export const PAGE_ROUTES: PageRoute[] = [
  {
    name: ROUTE_NAMES.search,
    path: paths.search(),
    handle: { title: 'Find your benefits', hideNavbar: true },
    // The landing page, in the entry chunk: one file instead of a dozen small ones, each of which
    // costs a request and about 1 kB of headers on the first load (issue 14 item 7).
    Component: SearchPage,
  },
  {
    name: ROUTE_NAMES.terms,
    path: paths.terms(),
    handle: { title: 'Terms of use' },
    ...page(() => import('./routes/auth/terms'), 'TermsPage'),
  },
  {
    name: ROUTE_NAMES.login,
    path: paths.login(),
    handle: { title: 'Sign in' },
    ...page(() => import('./routes/auth/login'), 'LoginPage'),
  },
  {
    name: ROUTE_NAMES.forgotPassword,
    path: paths.forgotPassword(),
    handle: { title: 'Forgot password' },
    ...page(() => import('./routes/auth/forgot-password'), 'ForgotPasswordPage'),
  },
  {
    name: ROUTE_NAMES.sendResetPasswordOtp,
    path: paths.sendResetPasswordOtp(),
    handle: { title: 'Enter your reset PIN' },
    ...page(() => import('./routes/auth/send-reset-password-otp'), 'SendResetPasswordOtpPage'),
  },
  {
    name: ROUTE_NAMES.resetPassword,
    path: paths.resetPassword(),
    handle: { title: 'Choose a new password' },
    ...page(() => import('./routes/auth/reset-password'), 'ResetPasswordPage'),
  },
  {
    name: ROUTE_NAMES.searchComplete,
    path: '/search-complete/:totalBenefits/:idNumber/:noBenefits?',
    handle: { title: 'Search result' },
    ...page(() => import('./routes/search-complete'), 'SearchCompletePage'),
  },
  {
    name: ROUTE_NAMES.signUp,
    path: '/sign-up/:idNumber',
    handle: { title: 'Create your account' },
    ...page(() => import('./routes/sign-up'), 'SignUpPage'),
  },
  {
    name: ROUTE_NAMES.idVerify,
    path: '/id-verify/:idNumber',
    handle: { title: 'Prove that it is you' },
    ...page(() => import('./routes/id-verify'), 'IdVerifyPage'),
  },
  {
    name: ROUTE_NAMES.verify,
    path: paths.verify(),
    handle: { title: 'Enter your one-time PIN' },
    ...page(() => import('./routes/verify'), 'VerifyPage'),
  },
  {
    name: ROUTE_NAMES.main,
    path: paths.main(),
    handle: { title: 'Welcome' },
    ...page(() => import('./routes/main'), 'MainPage'),
  },
  {
    name: ROUTE_NAMES.benefits,
    path: paths.benefits(),
    handle: { title: 'Your benefits' },
    ...page(() => import('./routes/benefits'), 'BenefitsPage'),
  },
  {
    name: ROUTE_NAMES.steps,
    path: paths.steps(),
    handle: { title: 'Claim your benefit' },
    ...page(() => import('./routes/benefit/steps'), 'StepsPage'),
  },
  {
    name: ROUTE_NAMES.claimDetails,
    path: paths.claimDetails(),
    handle: { title: 'Your claim' },
    ...page(() => import('./routes/benefit/claim-details'), 'ClaimDetailsPage'),
  },
  {
    name: ROUTE_NAMES.checkMessage,
    path: paths.checkMessage(),
    handle: { title: 'Is this message from us?' },
    ...page(() => import('./routes/check-message'), 'CheckMessagePage'),
  },
];

/** The page shown for any other path. */
export const NOT_FOUND_ROUTE: PageRoute = {
  name: ROUTE_NAMES.notFound,
  path: '*',
  handle: { title: 'Page not found' },
  ...page(() => import('./routes/not-found'), 'NotFoundPage'),
};
