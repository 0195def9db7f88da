import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MESSAGES } from '@bcp/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleHere, expectTableCellsFormatted, signInDemoAdmin, staffHeaders, staffPage } from './support';

// Issue 38 item 5 "Webhook deliveries for staff": a partner's endpoint (registered through the
// partner API) answers 500 to a test event; the demo admin sees the failed delivery on the partner
// page, redelivers it, and sees it delivered, the endpoint having received the same webhook-id
// twice. The e2e server makes one attempt per delivery (WEBHOOK_RETRY_LIMIT 0, playwright.config.ts).

/** The partner's endpoint: a local HTTP server answering 500 to the first request, then 200. */
const received: string[] = [];
let receiver: Server;
let receiverUrl = '';
let admin: Page;

test.beforeAll(async ({ browser }) => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(String(request.headers['webhook-id']));
      response.statusCode = received.length === 1 ? 500 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  admin = await staffPage(browser);
});

test.afterAll(async () => {
  await admin.context().close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('staff see a failed webhook delivery on the partner page and redeliver it', async () => {
  await signInDemoAdmin(admin);
  const headers = await staffHeaders(admin);
  // A partner with an API key, which registers its endpoint and asks for a test event.
  const partner = await admin.request.post('/api/v1/partners', {
    headers,
    data: { name: `Webhook Partner ${Date.now()}`, kind: 'fund-administrator' },
  });
  expect(partner.status()).toBe(201);
  const partnerId: number = (await partner.json()).id;
  const apiKey = await admin.request.post(`/api/v1/partners/${partnerId}/api-keys`, {
    headers,
    data: { name: 'Production' },
  });
  expect(apiKey.status()).toBe(201);
  const partnerHeaders = { authorization: `Bearer ${(await apiKey.json()).key}` };
  const webhook = await admin.request.post('/api/v2/webhooks', {
    headers: partnerHeaders,
    data: { url: receiverUrl, events: ['claim.submitted'] },
  });
  expect(webhook.status()).toBe(201);
  const webhookId: number = (await webhook.json()).id;
  const testEvent = await admin.request.post(`/api/v2/webhooks/${webhookId}/test`, { headers: partnerHeaders });
  expect(testEvent.status()).toBe(202);
  const messageId: string = (await testEvent.json()).messageId;
  await expect.poll(() => received.length).toBe(1);

  await admin.goto(`/admin/set-up/partners/${partnerId}`);
  const section = admin.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
  const endpoint = section.getByRole('article', { name: `Webhook ${receiverUrl}` });
  await expect(endpoint.getByText('enabled')).toBeVisible();
  await expect(endpoint.getByText('Claim submitted')).toBeVisible();
  const row = endpoint.getByRole('row').filter({ hasText: 'Test event' });
  // The delivery may still be settling when the page opens: the log reloads itself meanwhile.
  await expect(row.getByText('Failed', { exact: true })).toBeVisible();
  await expect(row).toContainText('HTTP 500');
  await expectAccessibleHere(admin, 'the partner page with a failed webhook delivery');
  await expectTableCellsFormatted(admin, 'the webhook delivery log');

  await row.getByRole('button', { name: /^Redeliver/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Redeliver this webhook message?' });
  await expect(dialog).toContainText(messageId);
  await expectAccessibleHere(admin, 'the redeliver confirmation');
  await dialog.getByRole('button', { name: 'Redeliver' }).click();
  await expect(admin.getByText(WEBHOOK_MESSAGES.redelivered)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(row).toContainText('HTTP 200');
  await expect(row.getByRole('button', { name: /^Redeliver/ })).toHaveCount(0);
  // The endpoint got the same message twice: the same webhook-id both times.
  expect(received).toEqual([messageId, messageId]);
  await expectAccessibleHere(admin, 'the partner page with the redelivered delivery');

  // The redelivery is in the partner's audit trail, in words.
  await admin.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(admin.getByText(/redelivered a failed webhook message to/)).toBeVisible();
});
