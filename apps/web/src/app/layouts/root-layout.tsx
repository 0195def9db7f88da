import { AppShell, Container, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, Outlet, useBlocker, useLocation, useNavigate } from 'react-router';
import { BottomTabBar, type TabKey } from '../../components/layout/bottom-tab-bar';
import { useDocumentTitle, useRouteHandle } from '../../components/layout/use-route-handle';
import { APP_NAME, paths } from '../../config/paths';
import { useFaqDialog } from '../../features/faqs/faq-query';
import { useActivities } from '../../features/notifications/use-activities';
import { hideValidationNotice } from '../../lib/form';
import { installUnauthorizedHandler, type LoginReason, logout } from '../../lib/session';
import { setPersonUser, useSession } from '../../lib/session-store';
import { asksBeforeLeaving, LEAVE_QUESTION, LOGOUT_QUESTION } from '../guard';
import { ConfirmDialog, FaqDialog, NotificationSettingsDialog, NotificationsDialog } from './lazy-dialogs';

function tabForPath(pathname: string): TabKey | null {
  if (pathname === paths.benefits() || pathname === paths.search()) return 'home';
  return null;
}

/**
 * The app shell (spec section 2): a top navbar (hidden where the route says so, e.g. search), the
 * page, and the bottom tab bar. Home goes to benefits when the user is verified, otherwise to search.
 */
export function RootLayout() {
  const handle = useRouteHandle();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const faq = useFaqDialog();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  useDocumentTitle(handle?.title);
  useEffect(() => installUnauthorizedHandler((reason) => navigate(paths.login(), { state: reason })), [navigate]);
  // A 'Validation failure' notice belongs to the page whose form failed: it does not follow the member.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page, by design
  useEffect(() => hideValidationNotice(), [location.pathname]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      // After a 401 the session is already gone: nothing to ask before going to login.
      !(nextLocation.state as LoginReason | null)?.sessionEnded &&
      asksBeforeLeaving(currentLocation.pathname, nextLocation.pathname),
  );

  async function confirmLogout() {
    setConfirmingLogout(false);
    await logout();
    navigate(paths.main());
  }

  const signedIn = session.personUser !== null;
  const hideNavbar = handle?.hideNavbar === true;
  const verified = signedIn && session.personUser?.iidentifiiVerified === true && session.verified;
  // Activities (issue 5): unread total, pulsing flag, push setup and live updates once the PIN is entered.
  const activities = useActivities(session.personUser?.id, signedIn && session.verified);

  return (
    <AppShell {...(hideNavbar ? {} : { header: { height: 56 } })} footer={{ height: 64 }} padding="md">
      {!hideNavbar && (
        <AppShell.Header>
          <Group h="100%" px="md">
            <Text component={Link} to={paths.root()} fw={700} size="lg" c="teal.8" td="none">
              {APP_NAME}
            </Text>
          </Group>
        </AppShell.Header>
      )}
      <AppShell.Main>
        <Container size="sm" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
      <AppShell.Footer>
        <BottomTabBar
          signedIn={signedIn}
          selected={faq.opened ? 'faqs' : activities.opened ? 'activities' : tabForPath(location.pathname)}
          notificationTotal={activities.total}
          pulsing={activities.pulsing}
          onHome={() => navigate(verified ? paths.benefits() : paths.search())}
          onActivities={activities.open}
          onFaqs={faq.open}
          onNotificationSettings={() => setSettingsOpen(true)}
          onLogout={() => setConfirmingLogout(true)}
        />
      </AppShell.Footer>
      <FaqDialog opened={faq.opened} onClose={faq.close} />
      {session.personUser && (
        <NotificationsDialog
          opened={activities.opened}
          personUserId={session.personUser.id}
          onClose={activities.close}
        />
      )}
      {session.personUser && (
        <NotificationSettingsDialog
          opened={settingsOpen}
          personUser={session.personUser}
          onClose={() => setSettingsOpen(false)}
          onSaved={(personUser) => setPersonUser(personUser)}
        />
      )}
      <ConfirmDialog
        opened={confirmingLogout}
        question={LOGOUT_QUESTION}
        confirmLabel="Logout"
        onConfirm={confirmLogout}
        onCancel={() => setConfirmingLogout(false)}
      />
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        question={LEAVE_QUESTION}
        confirmLabel="Leave"
        onConfirm={async () => {
          await logout();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      />
    </AppShell>
  );
}
