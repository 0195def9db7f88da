import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../src/components/confirm-dialog.js';
import { renderInApp } from './support/render.js';

describe('ConfirmDialog (spec section 4: "Are you sure?")', () => {
  it('asks the question in a named dialog and answers Yes or No as the person clicks', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderInApp(
      <ConfirmDialog opened question="Are you sure?" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Are you sure?');

    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('names the confirming button as asked', async () => {
    renderInApp(
      <ConfirmDialog opened question="Log out?" confirmLabel="Log out" onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeVisible();
  });
});
