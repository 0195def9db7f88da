import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { loadMe } from '../features/auth/session';
import { onUnauthorized } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { clearSession, getApiToken, useAdminSession } from '../lib/session-store';
import { Shell } from './shell';

const SignInPage = lazy(() => import('../features/auth/sign-in-page'));
const PinPage = lazy(() => import('../features/auth/pin-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const SetPasswordPage = lazy(() => import('../features/auth/set-password-page'));

const loading = (
  <Center mih="50vh">
    <Loader aria-label="Loading" />
  </Center>
);

/**
 * The signed-in part: without a session, sign-in (remembering where the user was going); before the
 * PIN, the PIN page; after a reload, the user is read again (`admin-sessions/me`) before the shell.
 */
function SignedIn() {
  const [location] = useLocation();
  const token = useAdminSession((state) => state.apiToken);
  const verified = useAdminSession((state) => state.verified);
  const user = useAdminSession((state) => state.user);
  const me = useQuery({ queryKey: ['me', token], queryFn: loadMe, enabled: Boolean(token && verified && !user) });
  const next = location === '/' ? '' : `?next=${encodeURIComponent(location)}`;
  if (!token) return <Redirect to={`/sign-in${next}`} replace />;
  if (!verified) return <Redirect to={`/sign-in/pin${next}`} replace />;
  if (!user) return me.data?.error && me.data.error.status !== 401 ? <Redirect to="/sign-in" replace /> : loading;
  return <Shell />;
}

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
        queryClient.clear();
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
