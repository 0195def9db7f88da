import { Badge, Group, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell, IconHelpCircle, IconHome } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { AccountTabButton } from './account-menu-button';
import classes from './bottom-tab-bar.module.css';

/** The Account menu, loaded when a member is signed in (its code is not needed before). */
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

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
        <Suspense fallback={<AccountTabButton active={props.selected === 'account'} disabled />}>
          <AccountMenu
            active={props.selected === 'account'}
            onNotificationSettings={props.onNotificationSettings}
            onLogout={props.onLogout}
          />
        </Suspense>
      )}
    </Group>
  );
}
