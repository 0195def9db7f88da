import { NOTIFICATION_MESSAGES } from '@bcp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsDialog } from '../src/features/notifications/components/notifications-dialog.js';
import { renderInApp } from './support/render.js';
import { scriptFetch } from './support/scripted-fetch.js';

const NOTIFICATIONS = [
  {
    id: 42,
    title: 'Claim approved',
    body: '<p>Your claim was <strong>approved</strong>.</p>',
    source: 'SYSTEM',
    event: 'claim.approved',
    createdAt: '2026-03-04T05:06:07.000Z',
    readAt: null,
  },
  {
    id: 7,
    title: 'Identity verified',
    body: '<p>Thank you.</p>',
    source: 'SYSTEM',
    event: 'identity.verified',
    createdAt: null,
    readAt: '2026-03-01T00:00:00.000Z',
  },
];

describe('NotificationsDialog (spec 2, spec 8)', () => {
  it('lists the notifications by title; a row shows Platform, Created, Notification ID and the body', async () => {
    const sent = scriptFetch({
      'GET /api/app/firebase/31/notification': () => ({ status: 200, body: NOTIFICATIONS }),
      'PUT /api/app/firebase/notification/read': () => ({ status: 200, body: { updated: 1, total: 0 } }),
    });
    const { user } = renderInApp(<NotificationsDialog opened personUserId={31} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const rows = await within(dialog).findAllByRole('button', { name: /Claim approved|Identity verified/ });
    expect(rows.map((row) => row.textContent)).toEqual(['Claim approved', 'Identity verified']);

    await user.click(rows[0] as HTMLElement);
    const details = await within(dialog).findByRole('region', { name: 'Claim approved' });
    expect(within(details).getByRole('row', { name: /Platform/ })).toHaveTextContent('SYSTEM');
    expect(within(details).getByRole('row', { name: /Created/ })).toHaveTextContent(
      /Created\s*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/,
    );
    expect(within(details).getByRole('row', { name: /Notification ID/ })).toHaveTextContent('42');
    expect(within(details).getByText('approved').tagName).toBe('STRONG');

    await user.click(rows[1] as HTMLElement);
    const older = await within(dialog).findByRole('region', { name: 'Identity verified' });
    expect(within(older).getByRole('row', { name: /Created/ })).toHaveTextContent(/Created\s*-$/);

    // What it showed unread is marked read.
    await waitFor(() => expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ ids: [42] }));
  });

  it('shows a named loading indicator, then closes only with Cancel', async () => {
    scriptFetch({ 'GET /api/app/firebase/32/notification': () => ({ status: 200, body: [NOTIFICATIONS[1]] }) });
    const onClose = vi.fn();
    const { user } = renderInApp(<NotificationsDialog opened personUserId={32} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByRole('status', { name: 'Loading notifications' })).toBeVisible();
    await within(dialog).findByRole('button', { name: 'Identity verified' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it(`says '${NOTIFICATION_MESSAGES.listEmpty}' when there are none, and '${NOTIFICATION_MESSAGES.listFailed}' when the call fails`, async () => {
    scriptFetch({
      'GET /api/app/firebase/33/notification': () => ({ status: 200, body: [] }),
      'GET /api/app/firebase/34/notification': () => ({ status: 400, body: { message: 'Bad request' } }),
    });
    const empty = renderInApp(<NotificationsDialog opened personUserId={33} onClose={vi.fn()} />);
    let dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText(NOTIFICATION_MESSAGES.listEmpty)).toBeVisible();
    empty.unmount();

    renderInApp(<NotificationsDialog opened personUserId={34} onClose={vi.fn()} />);
    dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText(NOTIFICATION_MESSAGES.listFailed)).toBeVisible();
  });
});
