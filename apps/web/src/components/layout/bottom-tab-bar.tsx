import { Badge, Group, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell, IconHelpCircle, IconHome } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AccountTabButton } from './account-menu-button';
import classes from './bottom-tab-bar.module.css';

/** The Account menu (Mantine Menu and floating-ui), loaded when the member first uses it or the page is idle. */
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

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
 * The Account tab (spec section 2). Until the menu's code is wanted it is a stand-in button that
 * looks the same: a click loads the menu and opens it; otherwise the code loads once the page is
 * idle, so it does not compete with the page's own code and data on the first load (issue 14 item 7).
 */
function AccountTab(props: { active: boolean; onNotificationSettings: () => void; onLogout: () => void }) {
  const [wanted, setWanted] = useState<'idle' | 'click' | null>(null);
  useEffect(() => whenIdle(() => setWanted((now) => now ?? 'idle')), []);
  const standIn = (
    <AccountTabButton
      active={props.active}
      aria-haspopup="menu"
      aria-expanded={wanted === 'click'}
      onClick={() => setWanted('click')}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AccountMenu
        active={props.active}
        openAtFirst={wanted === 'click'}
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
  return (
    <Group component="nav" aria-label="Main" grow gap={0} h="100%" wrap="nowrap">
      <Tab label="Home" icon={<IconHome size={24} />} active={props.selected === 'home'} onClick={props.onHome} />
      {props.signedIn && (
        <Tab
          label="Activities"
          active={props.selected === 'activities'}
          onClick={props.onActivities}
          extra={props.notificationTotal > 0 && <VisuallyHidden>{`${props.notificationTotal} unread`}</VisuallyHidden>}
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
        label="FAQ's"
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
