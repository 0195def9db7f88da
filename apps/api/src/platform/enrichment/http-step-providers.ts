import { email as emailRule, normalizePhoneNumber } from '@bcp/contract';
import { z } from 'zod';
import {
  type StepAnswer,
  type StepProvider,
  StepProviderError,
  type StepRequest,
  type TracedContact,
} from './step-provider.js';

/** Seconds a bureau has to answer one look-up. */
const BUREAU_TIMEOUT_MS = 10_000;

/** Where the bureau gateway is and its key (`ENRICHMENT_HTTP_BASE_URL`, `ENRICHMENT_HTTP_API_KEY`). */
export interface HttpStepSettings {
  baseUrl: string;
  apiKey: string;
}

const zCost = z.number().int().min(0).max(1_000_000);
const zReference = z.string().min(1).max(200);

/** `POST {base}/population-register` answer. */
const RegisterAnswer = z.object({
  reference: zReference,
  costCents: zCost,
  found: z.boolean(),
  deceased: z.boolean(),
  deceasedOn: z.iso.date().nullable().optional(),
  nameScore: z.number().int().min(0).max(100),
  blocked: z.boolean(),
});

/** `POST {base}/contact-trace` answer. */
const TraceAnswer = z.object({
  reference: zReference,
  costCents: zCost,
  candidates: z
    .array(
      z.object({
        channel: z.enum(['phone', 'email']),
        value: z.string().min(3).max(320),
        confidence: z.number().int().min(0).max(100),
        source: z.string().min(1).max(100),
      }),
    )
    .max(20),
});

/** The base URL without trailing slashes (a loop: an anchored pattern would backtrack on each slash). */
function withoutTrailingSlashes(url: string): string {
  let trimmed = url;
  while (trimmed.endsWith('/')) trimmed = trimmed.slice(0, -1);
  return trimmed;
}

/**
 * A bureau's candidates as we keep them: phones in E.164 (South African numbers), emails
 * lower-case; anything else is dropped (outreach could not send to it).
 */
function usableCandidates(candidates: readonly TracedContact[]): TracedContact[] {
  return candidates.flatMap((candidate) => {
    if (candidate.channel === 'phone') {
      const phone = normalizePhoneNumber(candidate.value);
      return phone ? [{ ...candidate, value: phone }] : [];
    }
    const value = candidate.value.trim().toLowerCase();
    return emailRule(value) === true ? [{ ...candidate, value }] : [];
  });
}

/**
 * Posts one look-up to the bureau gateway and parses its answer with `schema`.
 * @throws StepProviderError when the gateway cannot be reached, refuses, or answers another shape
 *   (the message names the status only: never the body, which holds personal data)
 */
async function lookUpAt<T>(settings: HttpStepSettings, path: string, request: StepRequest, schema: z.ZodType<T>) {
  let response: Response;
  try {
    response = await fetch(`${withoutTrailingSlashes(settings.baseUrl)}/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(BUREAU_TIMEOUT_MS),
    });
  } catch {
    throw new StepProviderError('The bureau could not be reached.');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new StepProviderError(`The bureau refused the look-up (HTTP ${response.status}).`);
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new StepProviderError('The bureau answered in a shape we do not read.');
  return parsed.data;
}

/**
 * The population register through a bureau gateway over HTTPS (`ENRICHMENT_PROVIDER=http`): our
 * request `{ idNumber, firstName, lastName, dateOfBirth, purpose }` (bearer key), its answer
 * `{ reference, costCents, found, deceased, deceasedOn?, nameScore, blocked }`.
 */
export function createHttpPopulationRegisterProvider(settings: HttpStepSettings): StepProvider {
  return {
    kind: 'population_register',
    name: 'http',
    async lookUp(request): Promise<StepAnswer> {
      const answer = await lookUpAt(settings, 'population-register', request, RegisterAnswer);
      const result = !answer.found ? 'not_found' : answer.deceased ? 'deceased' : answer.blocked ? 'blocked' : 'alive';
      return {
        result,
        details: { deceasedOn: answer.deceasedOn ?? null, nameScore: answer.nameScore, blocked: answer.blocked },
        reference: answer.reference,
        costCents: answer.costCents,
      };
    },
  };
}

/**
 * The contact trace through a bureau gateway over HTTPS: the same request, its answer
 * `{ reference, costCents, candidates: [{ channel, value, confidence, source }] }`.
 */
export function createHttpContactTraceProvider(settings: HttpStepSettings): StepProvider {
  return {
    kind: 'contact_trace',
    name: 'http',
    async lookUp(request): Promise<StepAnswer> {
      const answer = await lookUpAt(settings, 'contact-trace', request, TraceAnswer);
      const candidates = usableCandidates(answer.candidates);
      return {
        result: candidates.length > 0 ? 'found' : 'not_found',
        details: { candidates },
        reference: answer.reference,
        costCents: answer.costCents,
      };
    },
  };
}
