import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClaimStepList } from '../src/features/claims/components/claim-step-list.js';
import { renderInApp } from './support/render.js';

const STEPS = [
  { key: 'personal-details', label: 'Confirm your details', state: 'done' },
  { key: 'bank-account', label: 'Bank account', state: 'current' },
  { key: 'documents', label: 'Documents', state: 'todo' },
] as const;

describe('ClaimStepList (issue 14 item 5: names say what the step shows)', () => {
  it('names each step by its label and the state it shows; steps to do are not buttons', async () => {
    const onOpen = vi.fn();
    const { user } = renderInApp(<ClaimStepList steps={[...STEPS]} open={1} onOpen={onOpen} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Confirm your detailsDone',
      '2Bank accountTo do now',
      '3DocumentsTo do',
    ]);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Confirm your detailsDone', '2Bank accountTo do now']);
    expect(screen.getByRole('button', { name: 'Bank account To do now' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'Confirm your details Done' })).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'Confirm your details Done' }));
    expect(onOpen).toHaveBeenCalledWith(0);
  });
});
