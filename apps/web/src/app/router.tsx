import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, Navigate, type RouteObject, redirect } from 'react-router';
import { paths, ROUTE_NAMES, type RouteHandle } from '../config/paths';
import { getSelectedBenefit, selectBenefitById, storedSelectedBenefitId } from '../features/benefits/selected-benefit';
import { pushSessionEndSteps } from '../features/notifications/register-token';
import { loadPersonUser, logout, onSessionEnd } from '../lib/session';
import { getApiToken, getVerified, sessionSnapshot } from '../lib/session-store';
import { decideNavigation } from './guard';
import { RootLayout } from './layouts/root-layout';

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

// Logout and 401s also end this device's push registration for the member (a shared phone).
onSessionEnd(pushSessionEndSteps);

/**
 * The navigation guard (spec section 4), run before every navigation: loads the person user if
 * missing (when a token is stored), then applies `decideNavigation`.
 */
async function guardLoader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname;
  const path = BASE && pathname.startsWith(BASE) ? pathname.slice(BASE.length) || '/' : pathname;
  if (!sessionSnapshot().personUser && getApiToken()) await loadPersonUser();
  const user = sessionSnapshot().personUser;
  const decision = decideNavigation(path, {
    hasUser: user !== null,
    iidentifiiVerified: user?.iidentifiiVerified === true,
    verified: getVerified(),
  });
  if (decision.logout) await logout();
  if (decision.redirect && decision.redirect !== path) throw redirect(decision.redirect);
  // Spec 4: the steps route with no selected benefit but a benefitId query loads that benefit; after
  // a reload, the benefit pages load the one selected before.
  const queried = Number(new URL(request.url).searchParams.get('benefitId'));
  const benefitId =
    path === paths.steps() && Number.isInteger(queried) && queried > 0 ? queried : storedSelectedBenefitId();
  const benefitPage = path === paths.steps() || path === paths.claimDetails();
  if (benefitPage && user && !getSelectedBenefit() && benefitId !== undefined) await selectBenefitById(benefitId);
  return null;
}

/** A page route: its name (route id), path, title (its `handle`) and component, loaded as its own chunk. */
function page(
  id: string,
  path: string | undefined,
  handle: RouteHandle,
  load: () => Promise<ComponentType>,
): RouteObject {
  return {
    id,
    ...(path === undefined ? { index: true } : { path }),
    handle,
    lazy: async () => ({ Component: await load() }),
  };
}

/** A layout route whose component is loaded on demand. */
function layout(path: string, load: () => Promise<ComponentType>, children: RouteObject[]): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }), children };
}

/** Every route of spec section 2, with the spec's route names as ids. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    loader: guardLoader,
    shouldRevalidate: () => true,
    children: [
      { index: true, element: <Navigate to={paths.search()} replace /> },
      {
        path: 'auth',
        children: [
          page(ROUTE_NAMES.search, 'search', { title: 'Find your benefits', hideNavbar: true }, () =>
            import('./routes/auth/search').then((m) => m.SearchPage),
          ),
          page(ROUTE_NAMES.terms, 'terms', { title: 'Terms of use' }, () =>
            import('./routes/auth/terms').then((m) => m.TermsPage),
          ),
          page(ROUTE_NAMES.login, 'login', { title: 'Sign in' }, () =>
            import('./routes/auth/login').then((m) => m.LoginPage),
          ),
          page(ROUTE_NAMES.forgotPassword, 'forgot-password', { title: 'Forgot password' }, () =>
            import('./routes/auth/forgot-password').then((m) => m.ForgotPasswordPage),
          ),
          page(ROUTE_NAMES.sendResetPasswordOtp, 'send-reset-password-otp', { title: 'Enter your reset PIN' }, () =>
            import('./routes/auth/send-reset-password-otp').then((m) => m.SendResetPasswordOtpPage),
          ),
          page(ROUTE_NAMES.resetPassword, 'reset-password', { title: 'Choose a new password' }, () =>
            import('./routes/auth/reset-password').then((m) => m.ResetPasswordPage),
          ),
        ],
      },
      page(
        ROUTE_NAMES.searchComplete,
        'search-complete/:totalBenefits/:idNumber/:noBenefits?',
        { title: 'Search result' },
        () => import('./routes/search-complete').then((m) => m.SearchCompletePage),
      ),
      page(ROUTE_NAMES.signUp, 'sign-up/:idNumber', { title: 'Create your account' }, () =>
        import('./routes/sign-up').then((m) => m.SignUpPage),
      ),
      page(ROUTE_NAMES.idVerify, 'id-verify/:idNumber', { title: 'Prove that it is you' }, () =>
        import('./routes/id-verify').then((m) => m.IdVerifyPage),
      ),
      page(ROUTE_NAMES.verify, 'verify', { title: 'Enter your one-time PIN' }, () =>
        import('./routes/verify').then((m) => m.VerifyPage),
      ),
      page(ROUTE_NAMES.main, 'main', { title: 'Welcome' }, () => import('./routes/main').then((m) => m.MainPage)),
      layout('benefits', () => import('./routes/benefits-layout').then((m) => m.BenefitsLayout), [
        page(ROUTE_NAMES.benefits, undefined, { title: 'Your benefits' }, () =>
          import('./routes/benefits').then((m) => m.BenefitsPage),
        ),
      ]),
      layout('benefit', () => import('./routes/benefit/benefit-layout').then((m) => m.BenefitLayout), [
        page(ROUTE_NAMES.steps, 'steps', { title: 'Claim your benefit' }, () =>
          import('./routes/benefit/steps').then((m) => m.StepsPage),
        ),
        page(ROUTE_NAMES.claimDetails, 'claim-details', { title: 'Your claim' }, () =>
          import('./routes/benefit/claim-details').then((m) => m.ClaimDetailsPage),
        ),
      ]),
      page(ROUTE_NAMES.notFound, '*', { title: 'Page not found' }, () =>
        import('./routes/not-found').then((m) => m.NotFoundPage),
      ),
    ],
  },
];

/** The app's router, honouring the build's base path (spec section 9: site root or `/portal/`). */
export function createAppRouter() {
  return createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') || '/' });
}
