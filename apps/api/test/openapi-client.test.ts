import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { webhookDeliveries } from '../src/db/schema/index.js';
import { readyForApproval, submittedClaim } from './support/claims.js';
import { administratorOf } from './support/partners.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const ROOT_NODE_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');

/**
 * The partner's program, as an integrator would write it against the generated types: every
 * partner v2 call through openapi-fetch. It must compile (`tsc --strict`) and run.
 */
const DRIVER = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

type ClaimDetails = components['schemas']['PartnerClaimDetailsResponse'];

export async function drive(baseUrl: string, key: string, claimId: number) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${key}\` } });
  const list = await client.POST('/api/v2/benefitclaim/getlist', { body: { status: 'in_review', pageSize: 25 } });
  if (!list.data) throw new Error(\`getlist: \${list.error?.message}\`);
  const listed: number[] = list.data.items.map((item) => item.id);
  const next: string | null = list.data.nextCursor;
  const details = await client.POST('/api/v2/benefitclaim/getdetails', { body: { claimId } });
  if (!details.data) throw new Error(\`getdetails: \${details.error?.message}\`);
  const claim: ClaimDetails = details.data;
  const answer = await client.POST('/api/v2/benefitclaim/approvalresponse', {
    body: { claimId, decision: 'approved' },
  });
  if (!answer.data) throw new Error(\`approvalresponse: \${answer.error?.message}\`);
  const changed: boolean = answer.data.changed;
  const missing = await client.POST('/api/v2/benefitclaim/getdetails', { body: { claimId: 999999999 } });
  const missingMessage: string | undefined = missing.error?.message;
  const invalid = await client.POST('/api/v2/benefitclaim/getlist', { body: { pageSize: 1000 } });
  const fieldErrors = invalid.error?.errors;
  return {
    listed,
    next,
    accountNumber: claim.bankAccount?.accountNumber,
    netAmountCents: claim.payout.netAmountCents,
    status: answer.data.status,
    changed,
    missing: { status: missing.response.status, message: missingMessage },
    invalid: { status: invalid.response.status, fields: Object.keys(fieldErrors ?? {}) },
  };
}

/** The delivery log filtered by status, objects in the query serialized in the document's style. */
export async function driveDeliveries(baseUrl: string, key: string, webhookId: number, style: 'form' | 'deepObject') {
  const client = createClient<paths>({
    baseUrl,
    headers: { authorization: \`Bearer \${key}\` },
    querySerializer: { object: { style, explode: true } },
  });
  const path = { id: webhookId };
  const failed = await client.GET('/api/v2/webhooks/{id}/deliveries', {
    params: { path, query: { filter: { status: 'failed' } } },
  });
  if (!failed.data) throw new Error(\`deliveries: \${failed.response.status} \${JSON.stringify(failed.error)}\`);
  const statuses: string[] = failed.data.items.map((item) => item.status);
  // A typo the types would refuse, sent anyway: the server refuses it too.
  const query = { filter: { status: 'failed' }, colour: 'red' } as unknown as { filter: { status: 'failed' } };
  const typo = await client.GET('/api/v2/webhooks/{id}/deliveries', { params: { path, query } });
  return {
    statuses,
    total: failed.data.total,
    typo: { status: typo.response.status, fields: Object.keys(typo.error?.errors ?? {}) },
  };
}
`;

/** What a generated client must refuse to compile: a call the document does not have. */
const WRONG_DRIVER = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

export const wrong = () => createClient<paths>({ baseUrl: '' }).POST('/api/v2/benefitclaim/getdetail', { body: { claimId: '42' } });
`;

let testApp: TestApp;
let folder: string;
beforeAll(async () => {
  testApp = await createTestApp({ listen: true });
  // The generated types and the driver, with the repository's packages beside them.
  folder = mkdtempSync(join(tmpdir(), 'openapi-client-'));
  symlinkSync(ROOT_NODE_MODULES, join(folder, 'node_modules'), 'dir');
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await testApp.close();
});

/** `tsc --strict --noEmit` of `files` in the temp folder: the compiler's messages, empty when it compiles. */
async function typecheck(...files: string[]): Promise<string> {
  const args = [TSC, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--skipLibCheck', ...files];
  return promisify(execFile)(process.execPath, args, { cwd: folder }).then(
    () => '',
    (error: { stdout: string }) => error.stdout || String(error),
  );
}

describe('issue 26: a client generated from the served document drives the partner API', () => {
  it(
    'generates types with openapi-typescript, compiles a partner program with openapi-fetch, and runs it',
    async () => {
      const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      writeFileSync(join(folder, 'api.d.ts'), astToString(await openapiTS(document)));
      writeFileSync(join(folder, 'driver.ts'), DRIVER);
      writeFileSync(join(folder, 'wrong.ts'), WRONG_DRIVER);
      expect(await typecheck('api.d.ts', 'driver.ts')).toBe('');
      // The check can fail: a path the document lacks does not compile.
      expect(await typecheck('api.d.ts', 'wrong.ts')).toContain('getdetail');

      const claim = await submittedClaim(testApp.app, { accountNumber: '1234567890' });
      const partner = await administratorOf(testApp.app, claim.fundId);
      // Staff's review meets the approval checks (issue 36) before the administrator answers.
      await readyForApproval(
        testApp.app,
        claim,
        (await createStaff(testApp.app, ['claims.read', 'claims.review'])).token,
      );
      const { drive, driveDeliveries } = await import(join(folder, 'driver.ts'));
      const result = await drive(testApp.baseUrl, partner.key, claim.claimId);
      expect(result).toEqual({
        listed: [claim.claimId],
        next: null,
        accountNumber: '1234567890',
        netAmountCents: claim.amountCents,
        status: 'approved',
        changed: true,
        missing: { status: 404, message: expect.any(String) },
        invalid: { status: 422, fields: ['pageSize'] },
      });

      // Issue 39 item 2: the delivery log filtered by status, `filter` serialized as the document
      // says (a generator following it sent `?status=failed` before, which widened the list).
      const filter = document.paths['/api/v2/webhooks/{id}/deliveries'].get.parameters.find(
        (parameter: { name: string }) => parameter.name === 'filter',
      );
      expect(filter).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
      const created = await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/webhooks',
        headers: { authorization: `Bearer ${partner.key}` },
        payload: { url: 'https://partner.example.com/hooks', events: ['claim.submitted'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const webhookId: number = created.json().id;
      // A log of 6 deliveries, 2 of them failed (rows as the worker leaves them).
      const statuses = ['delivered', 'failed', 'delivered', 'pending', 'failed', 'delivered'] as const;
      await testApp.app.db.insert(webhookDeliveries).values(
        statuses.map((status, index) => ({
          endpointId: webhookId,
          messageId: `msg_client_${index}`,
          eventType: 'claim.submitted',
          payload: {},
          status,
        })),
      );
      const deliveries = await driveDeliveries(testApp.baseUrl, partner.key, webhookId, filter.style ?? 'form');
      expect(deliveries).toEqual({
        statuses: ['failed', 'failed'],
        total: 2,
        typo: { status: 422, fields: ['colour'] },
      });
    },
    scaled(120_000),
  );
});
