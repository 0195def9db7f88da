import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@bcp/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_EXAMPLES } from '../src/platform/http/openapi-examples/index.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Json = { [key: string]: unknown };
type Media = { schema?: Json; example?: unknown };
type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post?: Operation }>;
  components: { schemas: Record<string, Json> };
};

/** The surfaces whose every body and 2xx answer must carry an example (issue 39 item 2). */
const SURFACES = ['/api/v2/', '/api/app/'];
/** Answers that are files: nothing to show as an example. */
const FILE_MEDIA = /^(application\/pdf|application\/octet-stream|image\/|text\/csv)/;

let testApp: TestApp;
let document: Document;
beforeAll(async () => {
  testApp = await createTestApp();
  document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => testApp.close());

/** A JSON pointer into the document, from its unescaped segments. */
const pointer = (...segments: string[]) =>
  segments.map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/**
 * A validator of values against the document's schemas, each named by its JSON pointer (OpenAPI
 * 3.1 schemas are JSON Schema 2020-12; as support/openapi-responses.ts checks answers).
 * @returns null when valid, else Ajv's errors in words
 */
function validatorOf(doc: Document): (schemaPointer: string, value: unknown) => string | null {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'openapi.json');
  return (schemaPointer, value) => {
    const validate = ajv.getSchema(`openapi.json#/${schemaPointer}`);
    if (!validate) return `no schema at ${schemaPointer}`;
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}

/**
 * What is missing or wrong in the examples of the surfaces' operations: every JSON request body
 * and every 2xx answer with content must have an example valid against its schema (a file answer
 * excepted; a text one, e.g. `text/event-stream`, must have a string).
 */
function exampleProblems(doc: Document): string[] {
  const check = validatorOf(doc);
  const problems: string[] = [];
  const media = (where: string, type: string, content: Media, at: string[]) => {
    if (FILE_MEDIA.test(type)) return;
    if (content.example === undefined) problems.push(`${where} ${type}: no example`);
    else if (type.startsWith('text/')) {
      if (typeof content.example !== 'string') problems.push(`${where} ${type}: example is not text`);
    } else {
      const error = check(pointer(...at, 'content', type, 'schema'), content.example);
      if (error) problems.push(`${where} ${type}: ${error}`);
    }
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!SURFACES.some((surface) => path.startsWith(surface))) continue;
    for (const [method, operation] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path} (${operation.operationId})`;
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
        media(`${key} request`, type, content, ['paths', path, method, 'requestBody']);
      }
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue;
        const at = ['paths', path, method, 'responses', status];
        for (const [type, content] of Object.entries(answer.content ?? {}))
          media(`${key} ${status}`, type, content, at);
      }
    }
  }
  return problems;
}

/** The surfaces' operations by operationId. */
function surfaceOperations(doc: Document): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!SURFACES.some((surface) => path.startsWith(surface))) continue;
    for (const operation of Object.values(item)) if (operation.operationId) found.set(operation.operationId, operation);
  }
  return found;
}

describe('issue 39 item 2: a real example for every body and 2xx answer of /api/v2 and /api/app', () => {
  it('has a request example (when there is a body) and 2xx examples, each valid against its schema', () => {
    const operations = surfaceOperations(document);
    expect([...operations.keys()].filter((id) => id.includes('BenefitClaim')).length).toBeGreaterThan(3);
    expect(exampleProblems(document)).toEqual([]);
  });

  it('gives each call the status it leaves the claim in (requestinformation: information_requested)', () => {
    const answer = (id: string) =>
      surfaceOperations(document).get(id)?.responses['200']?.content?.['application/json']?.example as Json;
    expect(answer('requestBenefitClaimInformation')).toMatchObject({ status: 'information_requested' });
    expect(answer('answerBenefitClaim')).toMatchObject({ status: 'approved' });
    const submitted = surfaceOperations(document).get('submitMyBenefitClaim')?.responses['200']?.content?.[
      'application/json'
    ]?.example as Json;
    expect(submitted).toMatchObject({ status: 'submitted' });
  });

  it('fails an example that its schema refuses, and an answer without one (the check can fail)', () => {
    const broken = structuredClone(document);
    const information = broken.paths['/api/v2/benefitclaim/requestinformation']?.post;
    const media = information?.responses['200']?.content?.['application/json'];
    if (!media) throw new Error('requestinformation has no JSON answer');
    media.example = { claimId: 42, status: 'approved', changed: true };
    const details = broken.paths['/api/v2/benefitclaim/getdetails']?.post?.requestBody?.content?.['application/json'];
    if (details) delete details.example;
    const submit =
      broken.paths['/api/app/benefit-claims/{id}/claim']?.post?.responses['200']?.content?.['application/json'];
    if (submit) (submit.example as Json).netAmountCents = 1176287.5;
    if (submit) (submit.example as Json).status = 'sent';
    const problems = exampleProblems(broken);
    expect(
      problems.some((problem) => problem.includes('requestBenefitClaimInformation') && /status/.test(problem)),
    ).toBe(true);
    expect(problems).toContain(
      'POST /api/v2/benefitclaim/getdetails (getBenefitClaim) request application/json: no example',
    );
    expect(problems.some((problem) => problem.includes('submitMyBenefitClaim'))).toBe(true);
  });

  it('names in its catalogues only operations and answers the document has (no stale examples)', () => {
    const operations = surfaceOperations(document);
    const stale: string[] = [];
    for (const [id, examples] of Object.entries(OPERATION_EXAMPLES)) {
      const operation = operations.get(id);
      if (!operation) stale.push(`${id}: no such operation`);
      if (examples.request !== undefined && !operation?.requestBody) stale.push(`${id}: no request body`);
      for (const status of [...Object.keys(examples.responses), ...Object.keys(examples.media ?? {})]) {
        if (!operation?.responses[status]) stale.push(`${id}: no ${status} answer`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('has a catalogue entry for every operation of the two surfaces (a new call cannot borrow a schema-level example)', () => {
    const missing = [...surfaceOperations(document).keys()].filter((id) => !(id in OPERATION_EXAMPLES));
    expect(missing).toEqual([]);
  });
});

describe('issue 39 item 2: the OpenAPI 3.1 webhooks section', () => {
  const events = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT];

  it('declares every event a partner can receive, signed with the Standard Webhooks headers', () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...events].sort());
    for (const event of events) {
      const operation = document.webhooks?.[event]?.post;
      expect(operation?.operationId, event).toMatch(/^[a-z][A-Za-z0-9]+Webhook$/);
      const headers = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'header');
      expect(
        headers.filter((header) => header.required).map((header) => header.name),
        event,
      ).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(Object.keys(operation?.responses ?? {}), event).toContain('2XX');
    }
  });

  it("gives each event's payload an example valid against its schema, and refuses one of another event", () => {
    const check = validatorOf(document);
    const schemaOf = (event: string) =>
      pointer('webhooks', event, 'post', 'requestBody', 'content', 'application/json', 'schema');
    for (const event of events) {
      const media = document.webhooks?.[event]?.post?.requestBody?.content?.['application/json'];
      expect(media?.example, event).toMatchObject({ type: event, data: {} });
      expect(check(schemaOf(event), media?.example), event).toBeNull();
    }
    const submitted = document.webhooks?.['claim.submitted']?.post?.requestBody?.content?.['application/json'];
    expect(check(schemaOf('claim.submitted'), { ...(submitted?.example as Json), type: 'claim.withdrawn' })).toMatch(
      /const/,
    );
    expect(check(schemaOf('claim.submitted'), { ...(submitted?.example as Json), data: { claimId: '42' } })).toMatch(
      /integer|required/,
    );
    expect(document.components.schemas.ClaimWebhookEvent).toBeDefined();
    expect(document.components.schemas.TestWebhookEvent).toBeDefined();
  });
});
