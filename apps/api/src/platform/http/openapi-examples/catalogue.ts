/**
 * The examples of one operation in the OpenAPI document (issue 39 item 2, decision 062): its JSON
 * request body's, and each 2xx answer's by status, for each media type the answer has
 * (`application/json` unless named, e.g. `text/event-stream`). Checked against the operation's
 * own schemas by apps/api/test/openapi-examples.test.ts.
 */
export interface OperationExamples {
  request?: unknown;
  responses: Partial<Record<'200' | '201' | '202', unknown>>;
  /** An answer's media types other than `application/json`, with their example. */
  media?: Partial<Record<'200', Record<string, unknown>>>;
}

/** The examples of a surface's operations, by operationId. */
export type ExampleCatalogue = Record<string, OperationExamples>;
