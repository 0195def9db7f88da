import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberUser, openSignedInApp, resetAppStateAfterEach } from './support/app.js';
import { type FakeAnswer, type FakeResponder, latch, setUpFakeApi } from './support/fake-api.js';
import { advance, eventually } from './support/timers.js';
import { expectToastClosesAfter, findToast, getToast, toastCorner } from './support/toasts.js';

const fakeApi = setUpFakeApi();
resetAppStateAfterEach();
afterEach(() => vi.useRealTimers());

/**
 * Opens the app signed in as a member with its own id (the app's query cache outlives a render, so
 * each test uses another person user), the unread total answered with `total`.
 */
function openAppAs(id: number, total: FakeAnswer | FakeResponder = { status: 200, body: 0 }) {
  fakeApi.on('GET', '/api/app/firebase/notification-total', total);
  return openSignedInApp(fakeApi, memberUser({ id }));
}

const listPath = (id: number) => `/api/app/firebase/${id}/notification`;

describe('Activities notices (spec section 8)', () => {
  it("says 'Unable to get notifications' in the dialog and a toast when the list call fails", async () => {
    fakeApi.on('GET', listPath(101), { status: 404, body: { message: 'Not found.' } });
    const { user, activities } = await openAppAs(101);
    await user.click(activities);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('Unable to get notifications')).toBeVisible();
    expect(toastCorner(await findToast('Unable to get notifications'))).toBe('top-right');
  });

  it("says 'No Available Notifications' when the list is empty", async () => {
    fakeApi.on('GET', listPath(102), { status: 200, body: [] });
    const { user, activities } = await openAppAs(102);
    await user.click(activities);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('No Available Notifications')).toBeVisible();
    await findToast('No Available Notifications');
  });

  it('names the dialog by one heading, not a heading inside a heading', async () => {
    fakeApi.on('GET', listPath(107), { status: 200, body: [] });
    const { user, activities } = await openAppAs(107);
    await user.click(activities);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getAllByRole('heading')).toHaveLength(1);
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Notifications');
  });

  it('asks for the list sorted by id descending (spec section 9 default sort)', async () => {
    fakeApi.on('GET', listPath(103), { status: 200, body: [] });
    const { user, activities } = await openAppAs(103);
    await user.click(activities);
    await within(await screen.findByRole('dialog', { name: 'Notifications' })).findByText('No Available Notifications');
    const query = fakeApi.seen('GET', listPath(103))[0]?.query;
    expect(query?.getAll('sort[]')).toEqual(['id:desc']);
    expect(query?.get('personUserId')).toBe('103');
  });

  it("says 'Unable to get notification totals' when the totals call fails", async () => {
    await openAppAs(104, { status: 404, body: { message: 'Not found.' } });
    expect(toastCorner(await findToast('Unable to get notification totals'))).toBe('top-right');
  });
});

describe('toast and request timing (spec section 9)', () => {
  it('closes a notice after the default 5000 ms', async () => {
    const answer = latch();
    await openAppAs(105, async () => {
      await answer.opened;
      return { status: 404, body: { message: 'Not found.' } };
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer.open();
    const toast = await eventually(() => getToast('Unable to get notification totals'));
    await expectToastClosesAfter(toast, 5000);
  });

  it('gives up on a call that gets no answer after 10 seconds, and says so', async () => {
    fakeApi.on('GET', listPath(106), 'hang');
    const { activities } = await openAppAs(106);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      fireEvent.click(activities);
    });
    await eventually(() => expect(fakeApi.seen('GET', listPath(106))).toHaveLength(1));
    // The dialog shows after its opening animation's first frames (real time; the clock stands still).
    const dialog = await eventually(() => screen.getByRole('dialog', { name: 'Notifications' }));
    await advance(9_999);
    expect(within(dialog).getByLabelText('Loading notifications')).toBeInTheDocument();
    expect(within(dialog).queryByText('Unable to get notifications')).not.toBeInTheDocument();
    await advance(1);
    await eventually(() => expect(within(dialog).getByText('Unable to get notifications')).toBeInTheDocument(), 1);
    // A request that timed out is not sent again (no retry on timeout).
    expect(fakeApi.seen('GET', listPath(106))).toHaveLength(1);
  });
});
