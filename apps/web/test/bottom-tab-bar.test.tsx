import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { theme } from '../src/app/theme.js';
import { BottomTabBar, type BottomTabBarProps } from '../src/components/layout/bottom-tab-bar.js';
import { renderInApp } from './support/render.js';

function renderBar(props: Partial<BottomTabBarProps>) {
  const handlers = {
    onHome: vi.fn(),
    onActivities: vi.fn(),
    onFaqs: vi.fn(),
    onNotificationSettings: vi.fn(),
    onLogout: vi.fn(),
  };
  // Mantine's test mode inside the app's providers: jsdom lays nothing out, so a menu would think
  // its button is out of sight and stay hidden.
  const rendered = renderInApp(
    <MantineProvider theme={theme} env="test">
      <BottomTabBar signedIn={false} selected={null} notificationTotal={0} {...handlers} {...props} />
    </MantineProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return { ...rendered, ...handlers, nav };
}

describe('BottomTabBar (spec section 2)', () => {
  it("signed out: Home and FAQ's only; the open tab is marked as the current page", async () => {
    const { nav, user, onHome, onFaqs } = renderBar({ selected: 'home' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Home', "FAQ's"]);
    expect(within(nav).getByRole('button', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: "FAQ's" })).not.toHaveAttribute('aria-current');
    await user.click(within(nav).getByRole('button', { name: 'Home' }));
    await user.click(within(nav).getByRole('button', { name: "FAQ's" }));
    expect(onHome).toHaveBeenCalledTimes(1);
    expect(onFaqs).toHaveBeenCalledTimes(1);
  });

  it('signed in: Activities shows the unread total as a badge and says it in its name', async () => {
    const { nav, user, onActivities } = renderBar({ signedIn: true, notificationTotal: 3 });
    const activities = within(nav).getByRole('button', { name: 'Activities 3 unread' });
    expect(within(activities).getByText('3')).toBeVisible();
    await user.click(activities);
    expect(onActivities).toHaveBeenCalledTimes(1);
  });

  it('with nothing unread, Activities is named without a number and shows no badge', () => {
    const { nav } = renderBar({ signedIn: true, notificationTotal: 0 });
    const activities = within(nav).getByRole('button', { name: /^Activities/ });
    expect(activities).toHaveTextContent(/^Activities$/);
  });

  it('signed in: Account opens a menu with Notification Settings and Logout', async () => {
    const { nav, user, onNotificationSettings, onLogout } = renderBar({ signedIn: true });
    // A stand-in until the menu's code has loaded (a click loads it and opens the menu), then the menu's own button.
    const account = () => within(nav).getByRole('button', { name: 'Account' });
    expect(account()).toHaveAttribute('aria-haspopup', 'menu');
    expect(account()).toHaveAttribute('aria-expanded', 'false');
    await user.click(account());
    const menu = await screen.findByRole('menu', { name: 'Account' }, { timeout: scaled(5_000) });
    expect((await within(menu).findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Notification Settings',
      'Logout',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Notification Settings' }));
    expect(onNotificationSettings).toHaveBeenCalledTimes(1);

    await user.click(account());
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
