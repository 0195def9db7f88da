import { Suspense, useEffect } from 'react';
import { matchRoute, Route, Router, Switch, useLocation, useRouter } from 'wouter';
import { onSessionEnd } from '../lib/session';
import { BASE_PATH } from './base-path';
import { RootLayout } from './layouts/root-layout';
import { askBeforeLeaving } from './leave-question';
import { useNavigationGuard } from './navigation-guard';
import { NOT_FOUND_ROUTE, PAGE_ROUTES, type PageRoute } from './route-table';

// Logout and 401s also end this device's push registration for the member (a shared phone). The
// push code loads when a session ends, not with the first page.
const pushSteps = () => import('../features/notifications/register-token').then((module) => module.pushSessionEndSteps);
onSessionEnd({
  beforeLogout: async () => (await pushSteps()).beforeLogout(),
  afterEnd: () => void pushSteps().then((steps) => steps.afterEnd()),
});

/** The page route that `path` shows (the not-found page when none matches), matched as the Switch below does. */
function usePageRoute(path: string | null): PageRoute | null {
  const { parser } = useRouter();
  if (path === null) return null;
  return PAGE_ROUTES.find((route) => matchRoute(parser, route.path, path)[0]) ?? NOT_FOUND_ROUTE;
}

/**
 * The pages (spec section 2) inside the app shell, behind the navigation guard (spec 4): while the
 * guard's checks run the previous page stays (nothing before the first), then the page for the
 * cleared path. Each page's code loads the first time it is shown.
 */
function GuardedPages() {
  const [requestedPath] = useLocation();
  const requestedRoute = usePageRoute(requestedPath);
  // The page's code loads while the guard's checks (e.g. `person-users/me`) run, not after them.
  useEffect(() => void requestedRoute?.preload?.(), [requestedRoute]);
  const shownPath = useNavigationGuard();
  const shownRoute = usePageRoute(shownPath);
  return (
    <RootLayout handle={shownRoute?.handle}>
      {shownPath !== null && (
        <Suspense fallback={null}>
          <Switch location={shownPath}>
            {PAGE_ROUTES.map((route) => (
              <Route key={route.name} path={route.path} component={route.Component} />
            ))}
            <Route component={NOT_FOUND_ROUTE.Component} />
          </Switch>
        </Suspense>
      )}
    </RootLayout>
  );
}

/**
 * The member app's router (wouter): the build's base path (spec section 9: site root or
 * `/portal/`), in-app navigations checked by the leave question (spec 4), and the guarded pages.
 */
export function AppRouter() {
  return (
    <Router base={BASE_PATH} aroundNav={askBeforeLeaving}>
      <GuardedPages />
    </Router>
  );
}
