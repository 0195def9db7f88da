import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { memberUser, openSignedInApp, resetAppStateAfterEach } from './support/app.js';
import { latch, setUpFakeApi } from './support/fake-api.js';
import { eventually } from './support/timers.js';
import { expectToastClosesAfter, findToast, getToast, toastCorner } from './support/toasts.js';

const fakeApi = setUpFakeApi();
resetAppStateAfterEach();
afterEach(() => vi.useRealTimers());

const member = memberUser({ id: 41, twoFactorMethod: 'EMAIL', email: 'naledi@example.co.za' });
const settingsPath = `/api/app/person-users/${member.id}/twoFactorMethod`;

/**
 * Clicks a menu's button and returns the menu item named `name` (waiting up to 5 s: the first
 * click may load the menu's code). The button is found when clicked, as a person sees it: a
 * stand-in until the menu's code loads, then the menu's own.
 */
async function menuItemAfterClicking(user: UserEvent, button: () => HTMLElement, name: string): Promise<HTMLElement> {
  await user.click(button());
  return screen.findByRole('menuitem', { name }, { timeout: scaled(5_000) });
}

/** Signs in, opens the app and the Notification Settings dialog from the Account menu. */
async function openSettings() {
  fakeApi.on('GET', '/api/app/firebase/notification-total', { status: 200, body: 0 });
  const { user } = await openSignedInApp(fakeApi, member);
  const account = () => screen.getByRole('button', { name: 'Account' });
  await user.click(await menuItemAfterClicking(user, account, 'Notification Settings'));
  const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
  return { user, dialog };
}

describe('Notification Settings notices (spec section 8)', () => {
  it("shows 'Validation failure' with 'please check the inputs' and the field's message on server validation errors", async () => {
    fakeApi.on('PUT', settingsPath, {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: { phoneNumber: ['Must be a South African mobile number.'] },
        fieldCodes: { phoneNumber: ['invalid'] },
      },
    });
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByRole('radio', { name: 'Mobile Phone (SMS)' }));
    const phone = within(dialog).getByRole('textbox', { name: 'Mobile phone number' });
    await user.clear(phone);
    await user.type(phone, '+1 555 0100');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const toast = await findToast('please check the inputs');
    expect(toast).toHaveTextContent('Validation failure');
    expect(toastCorner(toast)).toBe('top-right');
    expect(phone).toBeInvalid();
    // Said by its code (`invalid` on `phoneNumber`), not by the server's English words.
    expect(phone).toHaveAccessibleDescription('Must be a valid phone number.');
    expect(fakeApi.seen('PUT', settingsPath)[0]?.body).toEqual({ twoFactorMethod: 'SMS', phoneNumber: '+1 555 0100' });
  });

  it("says 'Notification Settings Updated' when saved, for the default 5000 ms", async () => {
    const answer = latch();
    fakeApi.on('PUT', settingsPath, async () => {
      await answer.opened;
      return { status: 200, body: { ...member, email: 'naledi@example.com' } };
    });
    const { user, dialog } = await openSettings();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('naledi@example.co.za');
    await user.clear(email);
    await user.type(email, 'naledi@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await eventually(() => expect(fakeApi.seen('PUT', settingsPath)).toHaveLength(1));
    expect(fakeApi.seen('PUT', settingsPath)[0]?.body).toEqual({
      twoFactorMethod: 'EMAIL',
      email: 'naledi@example.com',
    });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer.open();
    const toast = await eventually(() => getToast('Notification Settings Updated'));
    expect(toastCorner(toast)).toBe('top-right');
    await expectToastClosesAfter(toast, 5000);
  });
});

describe('Notification Settings limits (spec sections 5 and 9)', () => {
  it('accepts an email whose last part has 2 or 3 letters, and refuses 1 or 4', async () => {
    fakeApi.on('PUT', settingsPath, { status: 200, body: member });
    const { user, dialog } = await openSettings();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    for (const refused of ['naledi@example.c', 'naledi@example.info']) {
      await user.clear(email);
      await user.type(email, refused);
      await user.click(confirm);
      expect(email).toBeInvalid();
      expect(email).toHaveAccessibleDescription('Must be a valid email.');
    }
    expect(fakeApi.seen('PUT', settingsPath)).toHaveLength(0);
    await user.clear(email);
    await user.type(email, 'naledi@example.org');
    await user.click(confirm);
    await findToast('Notification Settings Updated');
    expect(fakeApi.seen('PUT', settingsPath)[0]?.body).toEqual({
      twoFactorMethod: 'EMAIL',
      email: 'naledi@example.org',
    });
  });

  it('is at least 400 px wide', async () => {
    const { dialog } = await openSettings();
    expect(dialog).toHaveStyle({ minWidth: '400px' });
  });
});
