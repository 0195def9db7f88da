import { FAQ_MESSAGES } from '@bcp/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { FaqDialog } from '../src/features/faqs/components/faq-dialog.js';
import { renderInApp } from './support/render.js';
import { scriptFetch } from './support/scripted-fetch.js';
import { findToast } from './support/toasts.js';

const FAQS = [
  { id: 1, question: 'How do I claim my benefit?', answer: '<p>Claim in <strong>five</strong> steps.</p>' },
  { id: 2, question: 'How do I spot a scam?', answer: '<p>We never ask for your PIN.</p>' },
];
const list = (items: unknown[]) => ({ items, page: 1, pageSize: 50, total: items.length, totalPages: 1 });

/** A router in memory at `path` (with its query string). */
function memoryRouting(path: string) {
  const { hook, searchHook } = memoryLocation({ path });
  return { hook, searchHook };
}

/** The dialog opened at `/main?fundId=…` (each test its own fund, so cached answers do not carry over). */
function openDialog(fundId: number, onClose = vi.fn()) {
  return renderInApp(
    <Router {...memoryRouting(`/main?fundId=${fundId}`)}>
      <FaqDialog opened onClose={onClose} />
    </Router>,
  );
}

describe('FaqDialog (spec 2, spec 8)', () => {
  it('shows a loading indicator, then one row per question; a row opens its answer as rich text', async () => {
    const sent = scriptFetch({ 'GET /api/app/faq-funds': () => ({ status: 200, body: list(FAQS) }) });
    const { user } = openDialog(11);
    const dialog = await screen.findByRole('dialog', { name: 'Frequently Asked Questions' });
    expect(within(dialog).getByRole('status', { name: 'Loading FAQs' })).toBeVisible();

    const rows = await within(dialog).findAllByRole('button', { name: /\?$/ });
    expect(rows.map((row) => row.textContent)).toEqual(['How do I claim my benefit?', 'How do I spot a scam?']);
    expect(sent[0]?.path).toBe('/api/app/faq-funds?fundId=11');
    await user.click(rows[0] as HTMLElement);
    const answer = await within(dialog).findByRole('region', { name: 'How do I claim my benefit?' });
    expect(answer).toHaveTextContent('Claim in five steps.');
    expect(within(answer).getByText('five').tagName).toBe('STRONG');
  });

  it('names its only way out, Cancel, and has no unnamed close button', async () => {
    scriptFetch({ 'GET /api/app/faq-funds': () => ({ status: 200, body: list(FAQS) }) });
    const onClose = vi.fn();
    const { user } = openDialog(12, onClose);
    const dialog = await screen.findByRole('dialog', { name: 'Frequently Asked Questions' });
    await within(dialog).findAllByRole('button', { name: /\?$/ });
    for (const button of within(dialog).getAllByRole('button')) expect(button).toHaveAccessibleName();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it(`says '${FAQ_MESSAGES.loadFailed}' in the dialog and in a named notice when the call fails`, async () => {
    scriptFetch({ 'GET /api/app/faq-funds': () => ({ status: 400, body: { message: 'Bad request' } }) });
    openDialog(13);
    const dialog = await screen.findByRole('dialog', { name: 'Frequently Asked Questions' });
    expect(await within(dialog).findByText(FAQ_MESSAGES.loadFailed)).toBeVisible();
    const notice = await findToast(FAQ_MESSAGES.loadFailed);
    expect(dialog.contains(notice)).toBe(false);
    expect(screen.getByRole('button', { name: 'Close notice' })).toBeVisible();
  });

  it(`says '${FAQ_MESSAGES.noFaqs}' when there are none`, async () => {
    scriptFetch({ 'GET /api/app/faq-funds': () => ({ status: 200, body: list([]) }) });
    openDialog(14);
    const dialog = await screen.findByRole('dialog', { name: 'Frequently Asked Questions' });
    expect(await within(dialog).findByText(FAQ_MESSAGES.noFaqs)).toBeVisible();
  });
});
