import type { ExampleCatalogue } from './catalogue.js';
import { MEMBER_EXAMPLES } from './member.js';
import { PARTNER_EXAMPLES } from './partner.js';

export type { ExampleCatalogue, OperationExamples } from './catalogue.js';
export { MEMBER_EXAMPLES } from './member.js';
export { PARTNER_EXAMPLES } from './partner.js';
export { openApiWebhooks, WEBHOOK_EXAMPLES } from './webhooks.js';

/** Every catalogue's examples, by operationId (operationIds are unique across the document). */
export const OPERATION_EXAMPLES: ExampleCatalogue = { ...MEMBER_EXAMPLES, ...PARTNER_EXAMPLES };

type Json = { [key: string]: unknown };
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets `media.example` when the media type exists in `content`. */
function setExample(content: unknown, mediaType: string, example: unknown): void {
  const media = isObject(content) ? content[mediaType] : undefined;
  if (isObject(media)) media.example = example;
}

/**
 * Gives each operation of the document whose operationId a catalogue names (decision 062) its
 * request body's and 2xx answers' examples (`example` of the media type; it wins over a schema's
 * own `examples`). An entry naming no operation or answer of the document changes nothing (the
 * examples test reports it).
 */
export function addOperationExamples(paths: unknown, catalogue: ExampleCatalogue = OPERATION_EXAMPLES): void {
  for (const pathItem of Object.values(isObject(paths) ? paths : {})) {
    for (const operation of Object.values(isObject(pathItem) ? pathItem : {})) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const examples = Object.hasOwn(catalogue, operation.operationId) ? catalogue[operation.operationId] : undefined;
      if (!examples) continue;
      if (examples.request !== undefined && isObject(operation.requestBody)) {
        setExample(operation.requestBody.content, 'application/json', examples.request);
      }
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, example] of Object.entries(examples.responses)) {
        const response = responses[status];
        if (isObject(response)) setExample(response.content, 'application/json', example);
      }
      for (const [status, media] of Object.entries(examples.media ?? {})) {
        const response = responses[status];
        for (const [mediaType, example] of Object.entries(media ?? {})) {
          if (isObject(response)) setExample(response.content, mediaType, example);
        }
      }
    }
  }
}
