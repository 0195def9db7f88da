import { type PersonUserResponse, VALIDATION_NOTICE } from '@bcp/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationSettingsDialog } from '../src/features/account/components/notification-settings-dialog.js';
import { renderInApp } from './support/render.js';
import { scriptFetch } from './support/scripted-fetch.js';

const USER: PersonUserResponse = {
  id: 51,
  email: 'thandi@example.co.za',
  phoneNumber: '+27821112222',
  twoFactorMethod: 'SMS',
  iidentifiiVerified: true,
  firstName: 'Thandi',
  idNumber: '8001015009087',
  language: 'en',
};

function openSettings(onSaved = vi.fn(), onClose = vi.fn()) {
  const rendered = renderInApp(
    <NotificationSettingsDialog opened personUser={USER} onClose={onClose} onSaved={onSaved} />,
  );
  return { ...rendered, onSaved, onClose };
}

describe('NotificationSettingsDialog (spec 2, spec 5)', () => {
  it('opens with the current method and its number; switching to Email prefills the email', async () => {
    const { user } = openSettings();
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    expect(within(dialog).getByRole('radiogroup', { name: 'Send my PINs and messages by' })).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: 'Mobile Phone (SMS)' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Mobile phone number' })).toHaveValue('+27821112222');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();

    await user.click(within(dialog).getByRole('radio', { name: 'Email' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Mobile phone number' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('thandi@example.co.za');
  });

  it("checks the email before sending ('Field is required', 'Must be a valid email.')", async () => {
    const sent = scriptFetch({});
    const { user } = openSettings();
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    await user.click(within(dialog).getByRole('radio', { name: 'Email' }));
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(email).toHaveAccessibleDescription('Field is required');
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(email).toHaveAccessibleDescription('Must be a valid email.');
    expect(sent).toEqual([]);
  });

  it("shows the field's problem, by its code, on its field with the 'Validation failure' notice", async () => {
    scriptFetch({
      'PUT /api/app/person-users/51/twoFactorMethod': () => ({
        status: 422,
        body: {
          message: 'Invalid',
          code: 'validation_failed',
          errors: { phoneNumber: ['This number is used by another account.'] },
          fieldCodes: { phoneNumber: ['duplicate_record'] },
        },
      }),
    });
    const { user } = openSettings();
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // `duplicate_record` has no text of its own: a 409's words are not a field's, so the generic one.
    expect(await within(dialog).findByText('Field validation issue')).toBeVisible();
    expect(within(dialog).queryByText('This number is used by another account.')).toBeNull();
    expect(await screen.findByText(VALIDATION_NOTICE.message)).toBeVisible();
    expect(screen.getByText(VALIDATION_NOTICE.caption)).toBeVisible();
  });

  it('confirms a new destination with a PIN in six named boxes, then saves', async () => {
    const saved = { ...USER, phoneNumber: '+27823334444' };
    const sent = scriptFetch({
      'PUT /api/app/person-users/51/twoFactorMethod': (request) =>
        (request.body as { otp?: string }).otp
          ? { status: 200, body: saved }
          : {
              status: 202,
              body: {
                otpRequired: true,
                message: 'PIN sent',
                otp: {
                  channel: 'SMS',
                  destination: '+27 ** *** *444',
                  expiresAt: '2099-01-01T00:00:00.000Z',
                  resendAvailableAt: '2000-01-01T00:00:00.000Z',
                },
              },
            },
    });
    const { user, onSaved } = openSettings();
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    const phone = within(dialog).getByRole('textbox', { name: 'Mobile phone number' });
    await user.clear(phone);
    await user.type(phone, '+27823334444');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByText('+27 ** *** *444')).toBeVisible();
    const pin = within(dialog).getByRole('group', { name: 'One-time PIN' });
    const boxes = within(pin).getAllByRole('textbox');
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual([
      'PIN digit 1 of 6',
      'PIN digit 2 of 6',
      'PIN digit 3 of 6',
      'PIN digit 4 of 6',
      'PIN digit 5 of 6',
      'PIN digit 6 of 6',
    ]);
    await user.click(boxes[0] as HTMLElement);
    await user.keyboard('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Notification Settings Updated')).toBeVisible();
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(sent.at(-1)?.body).toEqual({ twoFactorMethod: 'SMS', phoneNumber: '+27823334444', otp: '123456' });
  });
});
