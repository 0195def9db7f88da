import { buildSaIdNumber } from '@bcp/contract';
import type { FastifyInstance } from 'fastify';
import { recordBenefits } from '../../src/modules/benefits/benefits.service.js';
import { ENRICHMENT_QUEUE } from '../../src/modules/enrichment/enrichment-runs.service.js';
import { createFund } from '../../src/modules/funds/funds.service.js';
import { call } from './accounts.js';
import { knownPerson } from './file-uploads.js';

let funds = 0;
let members = 0;

/** A new fund (directly through its service: the fund calls are tested elsewhere). */
export async function newFund(app: FastifyInstance, name = 'Enrichment Fund'): Promise<number> {
  funds += 1;
  const suffix = `${process.pid % 1000}${funds}`;
  return (await createFund(app.db, { name: `${name} ${suffix}`, registrationNumber: `12/8/17${suffix}` })).id;
}

/**
 * A person with an unclaimed benefit of the fund, whose ID number ends its sequence in `digits`
 * (the sandbox providers answer by them: `SANDBOX_DIGITS`).
 */
export async function memberOfFund(
  app: FastifyInstance,
  fundId: number,
  digits: string,
  person: { firstName?: string; lastName?: string; email?: string | null } = {},
): Promise<{ personId: number; idNumber: string; memberNumber: string }> {
  members += 1;
  const sequence = (members % 90) * 100 + Number(digits);
  const idNumber = buildSaIdNumber(`1970-0${1 + (members % 9)}-1${members % 10}`, sequence);
  const personId = await knownPerson(app, {
    idNumber,
    firstName: person.firstName ?? 'Lindiwe',
    lastName: person.lastName ?? `Member${members}`,
    email: person.email ?? null,
  });
  const memberNumber = `E-${members}`;
  await recordBenefits(app.db, [
    { fundId, personId, memberNumber, benefitType: 'withdrawal', amountCents: 150_000, fileUploadId: null },
  ]);
  return { personId, idNumber, memberNumber };
}

/** `POST funds/{id}/enrichment-steps/rerun` through the real route, then waits for the run. */
export async function rerun(
  app: FastifyInstance,
  token: string,
  fundId: number,
  body: { step: string; scope: string; personIds?: number[] },
) {
  const started = await call(app, 'POST', `/api/v1/funds/${fundId}/enrichment-steps/rerun`, { token, body });
  if (started.statusCode !== 202) throw new Error(`rerun answered ${started.statusCode}: ${started.body}`);
  await app.jobs.idle([ENRICHMENT_QUEUE]);
  const run = await call(app, 'GET', `/api/v1/funds/${fundId}/enrichment-steps/runs/${started.json().id}`, { token });
  return run.json();
}

/** Every record of a fund (filters as query string, e.g. `filter[step]=contact_trace`). */
export async function recordsOf(app: FastifyInstance, token: string, fundId: number, query = '') {
  const response = await call(app, 'GET', `/api/v1/funds/${fundId}/enrichment-steps/records?pageSize=100&${query}`, {
    token,
  });
  if (response.statusCode !== 200) throw new Error(`records answered ${response.statusCode}: ${response.body}`);
  return response.json();
}
