import { AppShell, Button, Group, Loader, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Suspense, useEffect, useRef } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { GlobalSearch } from '../components/global-search';
import { focusHeadingAfterNavigation } from '../components/page-header';
import { signOut } from '../features/auth/session';
import { queryClient } from '../lib/query-client';
import { useAdminSession } from '../lib/session-store';
import { useDialogFocusReturn } from './dialog-focus';
import { NoAccessPage, NotFoundPage } from './no-access';
import { ADMIN_ROUTES, type AdminRoute } from './routes';

const GROUPS = ['Work', 'Set-up'] as const;

/** Whether `route` is the current screen or its parent (`/set-up/funds` for `/set-up/funds/7`). */
function isActive(route: AdminRoute, location: string): boolean {
  return route.path === '/' ? location === '/' : location === route.path || location.startsWith(`${route.path}/`);
}

/**
 * After a move to another screen (the path changes; not when the shell first appears after
 * sign-in or a reload, nor for a query-string change), the new screen's h1 takes the focus.
 */
function useHeadingFocusOnNavigation(location: string): void {
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    focusHeadingAfterNavigation();
  }, [location]);
}

/**
 * "Skip to main content": the first Tab stop of every screen (WCAG 2.2 2.4.1); Enter moves the
 * focus to `<main>` (a link to its id; `tabIndex` -1 lets it take the focus).
 */
function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}

/**
 * The signed-in frame: the navigation (from `ADMIN_ROUTES`, only what the user's permissions
 * allow, in groups), the user and sign-out at the top, and the current screen; a screen the user
 * lacks the permission for answers the "You do not have access" page. For the keyboard (issue 38
 * item 1): a skip link first, the h1 focused after a move to another screen, dialogs giving the
 * focus back to their opener.
 */
export function Shell() {
  const [location, navigate] = useLocation();
  useHeadingFocusOnNavigation(location);
  useDialogFocusReturn();
  const user = useAdminSession((state) => state.user);
  const permissions = user?.permissions ?? [];
  const allowed = (route: AdminRoute) => route.permission === null || permissions.includes(route.permission);
  const end = async () => {
    await signOut();
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  };
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 0 }} padding="lg">
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Text fw={700} c="teal.7">
            Benefit Finder back office
          </Text>
          <GlobalSearch />
          <Group gap="sm">
            <Text size="sm">{user?.name}</Text>
            <Button variant="subtle" size="compact-sm" leftSection={<IconLogout size={16} />} onClick={end}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        <ScrollArea>
          {GROUPS.map((group) => {
            const entries = ADMIN_ROUTES.filter((route) => route.nav?.group === group && allowed(route));
            if (entries.length === 0) return null;
            return (
              <Stack key={group} gap={2} mb="md">
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" component="h2">
                  {group}
                </Text>
                {entries.map((route) => {
                  const Icon = route.nav?.icon;
                  return (
                    <NavLink
                      key={route.path}
                      component={Link}
                      href={route.path}
                      label={route.nav?.label}
                      leftSection={Icon ? <Icon size={18} stroke={1.6} /> : null}
                      active={isActive(route, location)}
                      aria-current={isActive(route, location) ? 'page' : undefined}
                    />
                  );
                })}
              </Stack>
            );
          })}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Suspense fallback={<Loader aria-label="Loading" />}>
          <Switch>
            {ADMIN_ROUTES.map((route) => (
              <Route key={route.path} path={route.path}>
                {allowed(route) ? <route.component /> : <NoAccessPage title={route.title} />}
              </Route>
            ))}
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
