import { Badge, Group, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell, IconHelpCircle, IconHome } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withAllStyles } from '../../lib/all-styles';
import { AccountTabButton } from './account-menu-button';
import classes from './bottom-tab-bar.module.css';

/** The Account menu's code (Mantine Menu and floating-ui). */
const loadAccountMenu = () => import('./account-menu');
// Mantine's whole stylesheet (the menu's CSS) is fetched on the first click, not when idle: its
// parsing would fall in the first load's busy time (issue 40 item 2).
const AccountMenu = lazy(() => withAllStyles(loadAccountMenu()).then((module) => ({ default: module.AccountMenu })));

/** Calls `run` once the browser is idle (at the latest after 2 s; `setTimeout` where there is no `requestIdleCallback`). */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 200);
  return () => clearTimeout(handle);
}

/**
 * The Account tab (spec section 2). It is a stand-in button, looking the same, until the member
 * first clicks it: then the menu mounts, open. Its code is fetched once the page is idle (or on
 * that click), so it does not compete with the page's own code and data on the first load
 * (issue 14 item 7); the stand-in is replaced only by the click, never under the member's finger.
 */
function AccountTab(props: { active: boolean; onNotificationSettings: () => void; onLogout: () => void }) {
  const [clicked, setClicked] = useState(false);
  useEffect(() => whenIdle(() => void loadAccountMenu()), []);
  const standIn = (
    <AccountTabButton
      active={props.active}
      aria-haspopup="menu"
      aria-expanded={clicked}
      onClick={() => setClicked(true)}
    />
  );
  if (!clicked) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AccountMenu
        active={props.active}
        openAtFirst
        onNotificationSettings={props.onNotificationSettings}
        onLogout={props.onLogout}
      />
    </Suspense>
  );
}

export type TabKey = 'home' | 'activities' | 'faqs' | 'account';

export interface BottomTabBarProps {
  signedIn: boolean;
  selected: TabKey | null;
  /** Unread notification total shown as a red badge on Activities (spec section 2). */
  notificationTotal: number;
  /** A foreground message arrived: Activities pulses (spec section 4). */
  pulsing?: boolean;
  onHome: () => void;
  onActivities: () => void;
  onFaqs: () => void;
  onNotificationSettings: () => void;
  onLogout: () => void;
}

function Tab(props: { label: string; icon: ReactNode; active: boolean; onClick?: () => void; extra?: ReactNode }) {
  return (
    <UnstyledButton
      className={classes.tab}
      data-active={props.active || undefined}
      onClick={props.onClick}
      aria-current={props.active ? 'page' : undefined}
    >
      {props.icon}
      <Text size="xs" fw={500}>
        {props.label}
      </Text>
      {props.extra}
    </UnstyledButton>
  );
}

/**
 * The app's bottom tab bar (spec section 2): Home; Activities (signed in only, red badge with the
 * notification total, read out as "Activities N unread"); FAQ's; Account (signed in only, a menu
 * with Notification Settings and Logout). The open tab is marked `aria-current="page"`.
 */
export function BottomTabBar(props: BottomTabBarProps) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('nav.main')} grow gap={0} h="100%" wrap="nowrap">
      <Tab
        label={t('nav.home')}
        icon={<IconHome size={24} />}
        active={props.selected === 'home'}
        onClick={props.onHome}
      />
      {props.signedIn && (
        <Tab
          label={t('nav.activities')}
          active={props.selected === 'activities'}
          onClick={props.onActivities}
          extra={
            props.notificationTotal > 0 && (
              <VisuallyHidden>{t('nav.unread', { count: props.notificationTotal })}</VisuallyHidden>
            )
          }
          icon={
            <Indicator
              processing={props.pulsing}
              disabled={props.notificationTotal === 0}
              label={
                <Badge size="xs" color="red" circle aria-hidden>
                  {props.notificationTotal}
                </Badge>
              }
              color="transparent"
              size={18}
              offset={2}
            >
              <IconBell size={24} />
            </Indicator>
          }
        />
      )}
      <Tab
        label={t('nav.faqs')}
        icon={<IconHelpCircle size={24} />}
        active={props.selected === 'faqs'}
        onClick={props.onFaqs}
      />
      {props.signedIn && (
        <AccountTab
          active={props.selected === 'account'}
          onNotificationSettings={props.onNotificationSettings}
          onLogout={props.onLogout}
        />
      )}
    </Group>
  );
}
