import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt, resetAppStateAfterEach } from './support/app.js';
import { setUpFakeApi } from './support/fake-api.js';

setUpFakeApi();
resetAppStateAfterEach();

describe('sign-up terms dialog (loaded when first opened, issue 40 item 2)', () => {
  it('shows the terms in a named dialog from the form and gives focus back to the link on close', async () => {
    // The form and the dialog load on demand, which the test runner compiles on first use: compiled
    // here, before the waits below start (seconds on a busy machine).
    await Promise.all([import('../src/app/routes/sign-up-form.js'), import('../src/app/routes/auth/terms-dialog.js')]);
    const { user } = renderAppAt('/sign-up/8001015009087');
    const link = await screen.findByRole('button', { name: 'terms of use' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Terms of use' });
    expect(within(dialog).getByText('By creating an account you agree that:')).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(link).toHaveFocus());
    // The checkbox it sits in was not ticked by opening the terms.
    expect(screen.getByRole('checkbox', { name: /I accept the/ })).not.toBeChecked();
  });
});
