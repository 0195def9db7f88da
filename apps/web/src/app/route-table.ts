import { lazy } from 'react';
import { paths, ROUTE_NAMES, type RouteHandle } from '../config/paths';
import { withAllStyles } from '../lib/all-styles';
import { SearchPage } from './routes/auth/search';
import { SignUpPage } from './routes/sign-up';

/** One page of spec section 2: its route name, path pattern (wouter syntax), title and component (mostly lazily loaded). */
export interface PageRoute {
  name: (typeof ROUTE_NAMES)[keyof typeof ROUTE_NAMES];
  path: string;
  handle: RouteHandle;
  Component: React.ComponentType;
  /** Starts loading the page's code (lazily loaded pages), e.g. while the navigation guard's checks run. */
  preload?: () => Promise<unknown>;
}

/**
 * A page component loaded as its own chunk the first time its route is shown (or `preload` is
 * called), inside TanStack Query's provider (`lib/with-queries`, loaded with it: not part of the
 * first page's code), once Mantine's whole stylesheet is applied (`lib/all-styles`, decision 076).
 */
function page<K extends string>(load: () => Promise<Record<K, React.ComponentType>>, key: K) {
  return {
    Component: lazy(async () => {
      const [module, { withQueries }] = await Promise.all([withAllStyles(load()), import('../lib/with-queries')]);
      return { default: withQueries(module[key]) };
    }),
    preload: () => withAllStyles(load()),
  };
}

/**
 * Every page of spec section 2 with the spec's route names, in match order; anything else is the
 * not-found page. Each page but the search page loads as its own chunk the first time it shows
 * (sign-up: its form). `/` has no page: the navigation guard always sends it on (spec 4).
 */
export const PAGE_ROUTES: PageRoute[] = [
  {
    name: ROUTE_NAMES.search,
    path: paths.search(),
    handle: { titleKey: 'search', hideNavbar: true },
    // The landing page, in the entry chunk: one file instead of a dozen small ones, each of which
    // costs a request and about 1 kB of headers on the first load (issue 14 item 7).
    Component: SearchPage,
  },
  {
    name: ROUTE_NAMES.terms,
    path: paths.terms(),
    handle: { titleKey: 'terms' },
    ...page(() => import('./routes/auth/terms'), 'TermsPage'),
  },
  {
    name: ROUTE_NAMES.login,
    path: paths.login(),
    handle: { titleKey: 'login' },
    ...page(() => import('./routes/auth/login'), 'LoginPage'),
  },
  {
    name: ROUTE_NAMES.forgotPassword,
    path: paths.forgotPassword(),
    handle: { titleKey: 'forgotPassword' },
    ...page(() => import('./routes/auth/forgot-password'), 'ForgotPasswordPage'),
  },
  {
    name: ROUTE_NAMES.sendResetPasswordOtp,
    path: paths.sendResetPasswordOtp(),
    handle: { titleKey: 'sendResetPasswordOtp' },
    ...page(() => import('./routes/auth/send-reset-password-otp'), 'SendResetPasswordOtpPage'),
  },
  {
    name: ROUTE_NAMES.resetPassword,
    path: paths.resetPassword(),
    handle: { titleKey: 'resetPassword' },
    ...page(() => import('./routes/auth/reset-password'), 'ResetPasswordPage'),
  },
  {
    name: ROUTE_NAMES.searchComplete,
    path: '/search-complete/:totalBenefits/:idNumber/:noBenefits?',
    handle: { titleKey: 'searchComplete' },
    ...page(() => import('./routes/search-complete'), 'SearchCompletePage'),
  },
  {
    name: ROUTE_NAMES.signUp,
    path: '/sign-up/:idNumber',
    handle: { titleKey: 'signUp' },
    // The title in the entry chunk, the form loaded as its own chunk once the title is painted
    // (issue 40 item 2). No TanStack Query: the form posts through the HTTP client alone.
    Component: SignUpPage,
  },
  {
    name: ROUTE_NAMES.idVerify,
    path: '/id-verify/:idNumber',
    handle: { titleKey: 'idVerify' },
    ...page(() => import('./routes/id-verify'), 'IdVerifyPage'),
  },
  {
    name: ROUTE_NAMES.verify,
    path: paths.verify(),
    handle: { titleKey: 'verify' },
    ...page(() => import('./routes/verify'), 'VerifyPage'),
  },
  {
    name: ROUTE_NAMES.main,
    path: paths.main(),
    handle: { titleKey: 'main' },
    ...page(() => import('./routes/main'), 'MainPage'),
  },
  {
    name: ROUTE_NAMES.benefits,
    path: paths.benefits(),
    handle: { titleKey: 'benefits' },
    ...page(() => import('./routes/benefits'), 'BenefitsPage'),
  },
  {
    name: ROUTE_NAMES.steps,
    path: paths.steps(),
    handle: { titleKey: 'steps' },
    ...page(() => import('./routes/benefit/steps'), 'StepsPage'),
  },
  {
    name: ROUTE_NAMES.claimDetails,
    path: paths.claimDetails(),
    handle: { titleKey: 'claimDetails' },
    ...page(() => import('./routes/benefit/claim-details'), 'ClaimDetailsPage'),
  },
  {
    name: ROUTE_NAMES.checkMessage,
    path: paths.checkMessage(),
    handle: { titleKey: 'checkMessage' },
    ...page(() => import('./routes/check-message'), 'CheckMessagePage'),
  },
];

/** The page shown for any other path. */
export const NOT_FOUND_ROUTE: PageRoute = {
  name: ROUTE_NAMES.notFound,
  path: '*',
  handle: { titleKey: 'notFound' },
  ...page(() => import('./routes/not-found'), 'NotFoundPage'),
};
