import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt, resetAppStateAfterEach } from './support/app.js';
import { setUpFakeApi } from './support/fake-api.js';

const fakeApi = setUpFakeApi();
resetAppStateAfterEach();

const STRONG_PASSWORD_MESSAGE =
  'Passwords Must be at least 10 characters long, contain at least one capital letter, one number and one special character.';
const resetPath = '/api/app/beneficiary-session/reset-password';

describe('password minimum length (spec section 9: 10)', () => {
  it('refuses a 9-character new password and sends a 10-character one', async () => {
    fakeApi.on('POST', resetPath, { status: 200, body: { message: 'Your password was changed.' } });
    const { user } = renderAppAt({ pathname: '/auth/reset-password', state: { resetToken: 'reset-token-1' } });
    const password = await screen.findByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm new password');
    const save = screen.getByRole('button', { name: 'Save my new password' });

    await user.type(password, 'Abcdefg1!');
    await user.type(confirmation, 'Abcdefg1!');
    await user.click(save);
    expect(password).toHaveAccessibleDescription(STRONG_PASSWORD_MESSAGE);
    expect(fakeApi.seen('POST', resetPath)).toHaveLength(0);

    await user.type(password, '2');
    await user.type(confirmation, '2');
    await user.click(save);
    // The app's own words for the 200, not the answer's `message`.
    await screen.findByText('Your password was changed. Sign in with your new password.');
    expect(fakeApi.seen('POST', resetPath)[0]?.body).toEqual({
      resetToken: 'reset-token-1',
      password: 'Abcdefg1!2',
      passwordConfirmation: 'Abcdefg1!2',
    });
  });
});
