import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt, resetAppStateAfterEach } from './support/app.js';
import { setUpFakeApi } from './support/fake-api.js';
import { modalWidthPx } from './support/sizes.js';
import { findToast, toastCorner } from './support/toasts.js';

const fakeApi = setUpFakeApi();
resetAppStateAfterEach();

/** An FAQ list answer (spec 7 `faq-funds`) of these entries. */
function faqList(items: { id: number; question: string; answer: string }[]) {
  return { status: 200, body: { items, page: 1, pageSize: 50, total: items.length, totalPages: 1 } };
}

/** Opens the app with the FAQ dialog open (as the "Questions?" link does), and returns the dialog. */
async function openFaqDialog(query: string) {
  renderAppAt(`/main?faq=open&${query}`);
  return screen.findByRole('dialog', { name: 'Frequently Asked Questions' });
}

describe('FAQ notices (spec section 8)', () => {
  it("says 'Unable to get FAQs' when the FAQ call fails", async () => {
    fakeApi.on('GET', '/api/app/faq-funds', { status: 500, body: { message: 'Server error' } });
    const dialog = await openFaqDialog('fundId=3');
    // The client retries a GET answered 500 twice (spec section 9) before the dialog gives up.
    expect(await within(dialog).findByText('Unable to get FAQs')).toBeVisible();
    expect(toastCorner(await findToast('Unable to get FAQs'))).toBe('top-right');
    expect(fakeApi.seen('GET', '/api/app/faq-funds')).toHaveLength(3);
    expect(fakeApi.seen('GET', '/api/app/faq-funds')[0]?.query.get('fundId')).toBe('3');
  });

  it("says 'Unable to get FAQs' when the params call fails", async () => {
    fakeApi.on('GET', '/api/app/faq-funds/params', { status: 404, body: { message: 'Not found.' } });
    fakeApi.on('GET', '/api/app/faq-funds', faqList([{ id: 1, question: 'When am I paid?', answer: 'Soon.' }]));
    const dialog = await openFaqDialog('benefitId=9&fundId=3');
    expect(await within(dialog).findByText('Unable to get FAQs')).toBeVisible();
    await findToast('Unable to get FAQs');
    expect(within(dialog).queryByRole('button', { name: 'When am I paid?' })).not.toBeInTheDocument();
  });

  it("says 'No Available FAQs' when the list is empty", async () => {
    fakeApi.on('GET', '/api/app/faq-funds', faqList([]));
    const dialog = await openFaqDialog('fundId=3');
    expect(await within(dialog).findByText('No Available FAQs')).toBeVisible();
    await findToast('No Available FAQs');
  });

  it("says 'No Available Prams' when the benefit gives no data, and still shows the FAQs", async () => {
    fakeApi.on('GET', '/api/app/faq-funds/params', faqList([]));
    fakeApi.on('GET', '/api/app/faq-funds', faqList([{ id: 1, question: 'When am I paid?', answer: 'Soon.' }]));
    const dialog = await openFaqDialog('benefitId=9&fundId=3');
    expect(await within(dialog).findByText('No Available Prams')).toBeVisible();
    await findToast('No Available Prams');
    expect(within(dialog).getByRole('button', { name: 'When am I paid?' })).toBeVisible();
    expect(fakeApi.seen('GET', '/api/app/faq-funds/params')[0]?.query.get('benefitId')).toBe('9');
  });
});

describe('FAQ dialog heading', () => {
  it('is named by one heading, not a heading inside a heading', async () => {
    fakeApi.on('GET', '/api/app/faq-funds', faqList([]));
    const dialog = await openFaqDialog('fundId=3');
    expect(within(dialog).getAllByRole('heading')).toHaveLength(1);
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Frequently Asked Questions');
  });
});

describe('FAQ dialog size (spec section 9)', () => {
  it('is 950px wide', async () => {
    fakeApi.on('GET', '/api/app/faq-funds', faqList([]));
    const dialog = await openFaqDialog('fundId=3');
    expect(modalWidthPx(dialog)).toBe(950);
  });
});
