import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Redirect, useLocation } from 'wouter';
import { loadMe } from '../features/auth/session';
import { useAdminSession } from '../lib/session-store';
import { WithQueries } from '../lib/with-queries';
import { Shell } from './shell';

/** The wait while the user is read again after a reload. */
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
 * The signed-in part with TanStack Query, the shell and its screens: loaded lazily by the app, so
 * the sign-in page's first load carries none of them (issue 40 item 1, decision 064).
 */
export default function SignedInPart() {
  return (
    <WithQueries>
      <SignedIn />
    </WithQueries>
  );
}
