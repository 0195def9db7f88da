import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountTabButton } from './account-menu-button';

export interface AccountMenuProps {
  active: boolean;
  /** Open as soon as it mounts (the member clicked the stand-in button while this code loaded). */
  openAtFirst?: boolean;
  onNotificationSettings: () => void;
  onLogout: () => void;
}

/**
 * The Account tab's menu (spec section 2): Notification Settings and Logout. Loaded lazily by
 * `bottom-tab-bar.tsx` (on first click or when the page is idle), so the menu and its positioning
 * code stay out of the first load (issue 14 item 7).
 */
export function AccountMenu(props: AccountMenuProps) {
  const { t } = useTranslation();
  return (
    // The tab bar is fixed, so the button never scrolls out of view: the menu need not hide itself
    // when it thinks its button is detached (jsdom, with no layout, sometimes thought so).
    <Menu
      position="top-end"
      withinPortal
      withInitialFocusPlaceholder={false}
      hideDetached={false}
      defaultOpened={props.openAtFirst}
    >
      <Menu.Target>
        <AccountTabButton active={props.active} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={props.onNotificationSettings}>{t('nav.notificationSettings')}</Menu.Item>
        <Menu.Item color="red" onClick={props.onLogout}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
