import { AppShell, Button, Container, Group, Modal, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { BottomTabBar, type TabKey } from '../../components/layout/bottom-tab-bar';
import { useDocumentTitle, useRouteHandle } from '../../components/layout/use-route-handle';
import { APP_NAME, paths } from '../../config/paths';
import { getVerified, useSession } from '../../lib/session-store';

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
  const [faqOpen, setFaqOpen] = useState(false);
  useDocumentTitle(handle?.title);

  const signedIn = session.personUser !== null;
  const hideNavbar = handle?.hideNavbar === true;
  const verified = signedIn && session.personUser?.iidentifiiVerified === true && getVerified();

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
          selected={faqOpen ? 'faqs' : tabForPath(location.pathname)}
          notificationTotal={0}
          onHome={() => navigate(verified ? paths.benefits() : paths.search())}
          onActivities={() => undefined}
          onFaqs={() => setFaqOpen(true)}
          onNotificationSettings={() => undefined}
          onLogout={() => undefined}
        />
      </AppShell.Footer>
      <Modal
        opened={faqOpen}
        onClose={() => setFaqOpen(false)}
        title={<Title order={3}>Frequently Asked Questions</Title>}
      >
        <Text>Answers to common questions about claiming are on their way.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setFaqOpen(false)}>
            Cancel
          </Button>
        </Group>
      </Modal>
    </AppShell>
  );
}
