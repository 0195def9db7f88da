import { DEFAULT_PROCESS_STEPS, PROCESS_STEP_KINDS, PROCESS_STEP_MESSAGES } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimProcessSteps, fundProcessSteps } from '../src/db/schema/index.js';
import {
  listClaimProcessSteps,
  snapshotProcessSteps,
} from '../src/modules/benefit-claims/claim-process-steps.service.js';
import { call } from './support/accounts.js';
import { claimingMember, prepareClaim } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 8 "Process steps": a fund's ordered claim checklist, copied onto each claim at submission. */
let testApp: TestApp;
let staff: Staff;
let reader: Staff;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp();
  staff = await createStaff(app(), ['process-steps.read', 'process-steps.write', 'audits.read']);
  reader = await createStaff(app(), ['process-steps.read']);
});
afterAll(async () => testApp.close());

const stepsUrl = (fundId: number) => `/api/v1/funds/${fundId}/process-steps`;
const setSteps = (fundId: number, steps: object[], token = staff.token) =>
  call(app(), 'POST', stepsUrl(fundId), { token, body: { steps } });
const kindsOf = (items: { kind: string }[]) => items.map((item) => item.kind);

describe('process steps of a fund', () => {
  it('lists the kinds of step, with who records each', async () => {
    const member = await claimingMember(app());
    const response = await call(app(), 'GET', `${stepsUrl(member.fundId)}/steps`, { token: reader.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual(PROCESS_STEP_KINDS.map((kind) => ({ ...kind })));
    expect(
      response.json().items.find((kind: { kind: string }) => kind.kind === 'fund-administrator-approval').actor,
    ).toBe('partner');
  });

  it('a fund without its own steps uses the default checklist; setting replaces it in order; reset goes back', async () => {
    const member = await claimingMember(app());
    const initial = await call(app(), 'GET', stepsUrl(member.fundId), { token: reader.token });
    expect(initial.json()).toMatchObject({ usesDefault: true, total: DEFAULT_PROCESS_STEPS.length });
    expect(kindsOf(initial.json().items)).toEqual([...DEFAULT_PROCESS_STEPS]);

    const set = await setSteps(member.fundId, [
      { kind: 'document-review' },
      { kind: 'identity-check', label: 'ID and face match' },
      { kind: 'payment' },
    ]);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ usesDefault: false, total: 3 });
    expect(set.json().items).toEqual([
      { id: expect.any(Number), position: 1, kind: 'document-review', label: 'Document review', actor: 'staff' },
      { id: expect.any(Number), position: 2, kind: 'identity-check', label: 'ID and face match', actor: 'staff' },
      { id: expect.any(Number), position: 3, kind: 'payment', label: 'Payment', actor: 'staff' },
    ]);
    const trail = await call(app(), 'GET', `/api/v1/funds/${member.fundId}/audits`, { token: staff.token });
    expect(trail.json().items[0]).toMatchObject({
      action: 'funds.process_steps_set',
      after: { steps: ['document-review: Document review', 'identity-check: ID and face match', 'payment: Payment'] },
    });

    const reset = await call(app(), 'DELETE', stepsUrl(member.fundId), { token: staff.token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().usesDefault).toBe(true);
    expect(await app().db.$count(fundProcessSteps, eq(fundProcessSteps.fundId, member.fundId))).toBe(0);
  });

  it('bad steps are a 422 per field and change nothing; unknown funds 404; readers cannot change', async () => {
    const member = await claimingMember(app());
    await setSteps(member.fundId, [{ kind: 'identity-check' }]);
    const duplicate = await setSteps(member.fundId, [{ kind: 'payment' }, { kind: 'payment' }]);
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ 'steps.1.kind': [PROCESS_STEP_MESSAGES.duplicate] });
    const unknown = await setSteps(member.fundId, [{ kind: 'coffee' }]);
    expect(Object.keys(unknown.json().errors)).toEqual(['steps.0.kind']);
    expect((await setSteps(member.fundId, [])).json().errors.steps).toBeDefined();
    const after = await call(app(), 'GET', stepsUrl(member.fundId), { token: reader.token });
    expect(kindsOf(after.json().items)).toEqual(['identity-check']);
    expect((await setSteps(999999, [{ kind: 'payment' }])).statusCode).toBe(404);
    expect((await setSteps(member.fundId, [{ kind: 'payment' }], reader.token)).statusCode).toBe(403);
  });
});

describe('a claim keeps the steps of its fund at submission', () => {
  it('a submitted claim has its fund steps, pending; changing the fund steps later leaves it unchanged', async () => {
    const member = await claimingMember(app());
    await setSteps(member.fundId, [
      { kind: 'identity-check' },
      { kind: 'fund-administrator-approval' },
      { kind: 'payment' },
    ]);
    const { netAmountCents } = await prepareClaim(app(), member);
    const submitted = await call(app(), 'POST', `/api/app/benefit-claims/${member.benefitId}/claim`, {
      token: member.token,
      body: { declarationAccepted: true, netAmountCents },
    });
    expect(submitted.statusCode).toBe(200);
    const claimId = submitted.json().id;
    const steps = await listClaimProcessSteps(app().db, claimId);
    expect(steps.map((step) => [step.position, step.kind, step.actor, step.status])).toEqual([
      [1, 'identity-check', 'staff', 'pending'],
      [2, 'fund-administrator-approval', 'partner', 'pending'],
      [3, 'payment', 'staff', 'pending'],
    ]);

    await setSteps(member.fundId, [{ kind: 'document-review' }, { kind: 'tax-directive' }]);
    await call(app(), 'DELETE', stepsUrl(member.fundId), { token: staff.token });
    expect(await listClaimProcessSteps(app().db, claimId)).toEqual(steps);
  });

  it('a fund without its own steps gives the default; snapshotting again (a retry) adds nothing', async () => {
    const member = await claimingMember(app());
    const { netAmountCents } = await prepareClaim(app(), member);
    const submitted = await call(app(), 'POST', `/api/app/benefit-claims/${member.benefitId}/claim`, {
      token: member.token,
      body: { declarationAccepted: true, netAmountCents },
    });
    const claimId = submitted.json().id;
    expect(kindsOf(await listClaimProcessSteps(app().db, claimId))).toEqual([...DEFAULT_PROCESS_STEPS]);
    await snapshotProcessSteps(app().db, { claimId, fundId: member.fundId });
    expect(await app().db.$count(claimProcessSteps, eq(claimProcessSteps.claimId, claimId))).toBe(
      DEFAULT_PROCESS_STEPS.length,
    );
  });

  it('a draft claim has no steps yet', async () => {
    const member = await claimingMember(app());
    await prepareClaim(app(), member);
    const draft = await call(app(), 'GET', `/api/app/benefit-claims/${member.benefitId}`, { token: member.token });
    expect(await listClaimProcessSteps(app().db, draft.json().id)).toEqual([]);
  });
});
