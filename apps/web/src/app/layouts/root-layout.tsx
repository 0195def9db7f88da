import { Container, Group, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { BottomTabBar, type TabKey } from '../../components/layout/bottom-tab-bar';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { APP_NAME, paths, type RouteHandle } from '../../config/paths';
import { useFaqDialog } from '../../features/faqs/faq-query';
import { LanguagePicker } from '../../features/language/components/language-picker';
import { useActivities } from '../../features/notifications/use-activities';
import { hideValidationNotice } from '../../lib/form';
import { installUnauthorizedHandler, logout } from '../../lib/session';
import { setPersonUser, useSession } from '../../lib/session-store';
import { proceedLeaving, stayHere } from '../leave-question';
import { useAskingToLeave } from '../use-asking-to-leave';
import { ConfirmDialog, FaqDialog, NotificationSettingsDialog, NotificationsDialog } from './lazy-dialogs';
import classes from './root-layout.module.css';

function tabForPath(pathname: string): TabKey | null {
  if (pathname === paths.benefits() || pathname === paths.search()) return 'home';
  return null;
}

/**
 * The app shell (spec section 2): a top navbar (hidden where the page's `handle` says so, e.g.
 * search), with the language picker (decision 036; above the page when the navbar is hidden), the
 * page (`children`), and the bottom tab bar. Home goes to benefits when the user is
 * verified, otherwise to search. Asks 'Do you really want to leave?' for the navigations spec 4
 * names (`leave-question.ts`).
 */
export function RootLayout(props: { handle: RouteHandle | undefined; children: ReactNode }) {
  const { handle } = props;
  const session = useSession();
  const [pathname, navigate] = useLocation();
  const askingToLeave = useAskingToLeave();
  const faq = useFaqDialog();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const { t } = useTranslation();
  useDocumentTitle(handle ? t(`titles.${handle.titleKey}`) : undefined);
  useEffect(() => installUnauthorizedHandler((reason) => navigate(paths.login(), { state: reason })), [navigate]);
  // A 'Validation failure' notice belongs to the page whose form failed: it does not follow the member.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page, by design
  useEffect(() => hideValidationNotice(), [pathname]);

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
    <>
      {!hideNavbar && (
        <header className={classes.header}>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Text component={Link} to={paths.root()} fw={700} size="lg" c="teal.8" td="none">
              {APP_NAME}
            </Text>
            <LanguagePicker />
          </Group>
        </header>
      )}
      <main className={classes.main} data-with-header={hideNavbar ? undefined : true}>
        <Container size="sm" px={0}>
          {hideNavbar && (
            <Group justify="flex-end">
              <LanguagePicker />
            </Group>
          )}
          {props.children}
        </Container>
      </main>
      <footer className={classes.footer}>
        <BottomTabBar
          signedIn={signedIn}
          selected={faq.opened ? 'faqs' : activities.opened ? 'activities' : tabForPath(pathname)}
          notificationTotal={activities.total}
          pulsing={activities.pulsing}
          onHome={() => navigate(verified ? paths.benefits() : paths.search())}
          onActivities={activities.open}
          onFaqs={faq.open}
          onNotificationSettings={() => setSettingsOpen(true)}
          onLogout={() => setConfirmingLogout(true)}
        />
      </footer>
      {activities.watcher}
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
        question={t('questions.logout')}
        confirmLabel={t('nav.logout')}
        onConfirm={confirmLogout}
        onCancel={() => setConfirmingLogout(false)}
      />
      <ConfirmDialog
        opened={askingToLeave}
        question={t('questions.leave')}
        confirmLabel={t('nav.leave')}
        onConfirm={async () => {
          await logout();
          proceedLeaving();
        }}
        onCancel={stayHere}
      />
    </>
  );
}
