import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { onUnauthorized } from '../lib/api';
import { clearSession, getApiToken } from '../lib/session-store';

const SignInPage = lazy(() => import('../features/auth/sign-in-page'));
const PinPage = lazy(() => import('../features/auth/pin-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const SetPasswordPage = lazy(() => import('../features/auth/set-password-page'));
// The shell, its screens and TanStack Query: not in the sign-in page's first load (decision 064).
const SignedIn = lazy(() => import('./signed-in'));

const loading = (
  <Center mih="50vh">
    <Loader aria-label="Loading" />
  </Center>
);

/**
 * The back office (issue 19): the sign-in pages, then the shell. Any 401 while a session is kept
 * here means it ended (expired, signed out elsewhere, user deactivated): it is forgotten and the
 * user goes to sign-in, told why.
 */
export function App() {
  const [, navigate] = useLocation();
  useEffect(
    () =>
      onUnauthorized(() => {
        if (!getApiToken()) return;
        clearSession();
        // The query cache is loaded with the signed-in part (a 401 with a session comes from there or the PIN page).
        void import('../lib/query-client').then(({ queryClient }) => queryClient.clear());
        navigate('/sign-in?ended=1', { replace: true });
      }),
    [navigate],
  );
  return (
    <Suspense fallback={loading}>
      <Switch>
        <Route path="/sign-in" component={SignInPage} />
        <Route path="/sign-in/pin" component={PinPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password/:token" component={SetPasswordPage} />
        <Route>
          <SignedIn />
        </Route>
      </Switch>
    </Suspense>
  );
}
