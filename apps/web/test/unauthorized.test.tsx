import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt, resetAppStateAfterEach, signIn } from './support/app.js';
import { setUpFakeApi } from './support/fake-api.js';

const fakeApi = setUpFakeApi();
resetAppStateAfterEach();

describe('HTTP 401 while signed in (spec section 8)', () => {
  it('logs the member out and sends them to login', async () => {
    const member = signIn(fakeApi);
    fakeApi.on('GET', '/api/app/firebase/notification-total', { status: 200, body: 0 });
    fakeApi.on('GET', `/api/app/firebase/${member.id}/notification`, {
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    const { user, location } = renderAppAt('/main');
    await user.click(await screen.findByRole('button', { name: /^Activities/ }));

    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(screen.queryByRole('button', { name: /^Activities/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(localStorage.getItem('apiToken')).toBeNull();
    expect(localStorage.getItem('verified')).toBeNull();
  });
});
