import { randomUUID } from 'node:crypto';
import { maskAccountNumber } from '@bcp/contract';
import { z } from 'zod';
import type { StitchSettings } from '../../config.js';
import { AppError } from '../errors/app-error.js';
import { toLoggableError } from '../logging/loggable-error.js';
import {
  BANK_VERIFICATION_UNAVAILABLE_MESSAGE,
  type BankVerificationChecks,
  type BankVerificationLogger,
  type BankVerificationProvider,
  type BankVerificationRequest,
} from './bank-verification.js';
import { stitchBankId } from './stitch-bank-ids.js';

/** The client-token scope Stitch's bank account verification needs. */
export const STITCH_SCOPE = 'client_bankaccountverification';

/**
 * The GraphQL query (docs.stitch.money "Bank Account Verification"): `verifyBankAccountDetails`
 * with a `BankAccountVerificationInput`, answering `VerifiedBankAccountDetails`.
 */
export const STITCH_VERIFY_QUERY = `query VerifyBankAccountDetails($input: BankAccountVerificationInput!) {
  verifyBankAccountDetails(input: $input) {
    accountVerificationResult
    detailedAccountVerificationResults { accountExists identityDocumentMatch lastNameMatch initialMatch }
    accountOpen
    accountOpenForMoreThanThreeMonths
    accountAcceptsCredits
  }
}`;

/** `POST <tokenUrl>` answer (OAuth 2.0 client credentials). */
const TokenAnswer = z.object({
  access_token: z.string().min(1).max(20_000),
  expires_in: z.number().int().positive().max(31_536_000),
});

/** Stitch's `VerificationResult`: null when the field was not asked. */
const VerificationResult = z.enum(['verified', 'refuted', 'unknown']).nullish();

/** A GraphQL answer with the verification. */
const VerifyAnswer = z.object({
  data: z.object({
    verifyBankAccountDetails: z.object({
      accountVerificationResult: z.enum(['verified', 'refuted', 'unknown']),
      detailedAccountVerificationResults: z.object({
        accountExists: VerificationResult,
        identityDocumentMatch: VerificationResult,
        lastNameMatch: VerificationResult,
        initialMatch: VerificationResult,
      }),
      accountOpen: z.boolean().nullish(),
      accountOpenForMoreThanThreeMonths: z.boolean().nullish(),
      accountAcceptsCredits: z.boolean().nullish(),
    }),
  }),
});

/** A GraphQL answer with errors (HTTP 200 with `errors`): only the codes are read, never the messages. */
const ErrorsAnswer = z.object({
  errors: z
    .array(z.object({ extensions: z.object({ code: z.string().max(100).optional() }).optional() }))
    .min(1)
    .max(50),
});

type Answer = z.infer<typeof VerifyAnswer>['data']['verifyBankAccountDetails'];

/** verified -> true, refuted -> false, unknown or not asked -> null. */
function toCheck(result: z.infer<typeof VerificationResult>): boolean | null {
  if (result === 'verified') return true;
  if (result === 'refuted') return false;
  return null;
}

/** Stitch's answer as the product's checks (BANK_MATCH_CHECKS); a field Stitch could not verify is null. */
export function stitchChecks(answer: Answer): BankVerificationChecks {
  const detailed = answer.detailedAccountVerificationResults;
  return {
    accountExists: toCheck(detailed.accountExists),
    accountOpen: answer.accountOpen ?? null,
    idNumberMatches: toCheck(detailed.identityDocumentMatch),
    initialsMatch: toCheck(detailed.initialMatch),
    surnameMatches: toCheck(detailed.lastNameMatch),
    acceptsCredits: answer.accountAcceptsCredits ?? null,
    openAtLeastThreeMonths: answer.accountOpenForMoreThanThreeMonths ?? null,
  };
}

/** The GraphQL variables of one verification: an individual identified by a South African ID number. */
export function stitchVariables(request: BankVerificationRequest, bankId: string) {
  return {
    input: {
      accountNumber: request.accountNumber,
      bankId,
      branchCode: request.branchCode,
      accountHolder: {
        individual: {
          initials: request.initials,
          familyName: request.surname,
          identifyingDocument: { identityDocument: { country: 'ZA', number: request.idNumber } },
        },
      },
    },
  };
}

/** A failed call: logged by `callStitch`'s caller, thrown as `unavailable`. */
class StitchFailure extends Error {
  constructor(
    readonly detail: Record<string, unknown>,
    readonly tokenRefused = false,
  ) {
    super('stitch call failed');
  }
}

/**
 * The production bank verification adapter for Stitch (decision 056): a client token
 * (`client_credentials`, scope `client_bankaccountverification`, kept until a minute before it
 * expires), then the `verifyBankAccountDetails` GraphQL query. The token and the query share one
 * time budget (`timeoutMs`). A refused token (401 from the API) is fetched again once.
 * Unreachable, timed out, non-2xx, GraphQL `errors` or unexpected answers are logged (status, error
 * codes and the masked account only) and thrown as AppError('unavailable') (503).
 * @param settings `config.bankVerification.stitch`
 */
export function createStitchBankVerificationProvider(
  settings: StitchSettings,
  logger?: BankVerificationLogger,
): BankVerificationProvider {
  let cachedToken: { value: string; expiresAt: number } | undefined;

  async function post(url: string, init: { headers: Record<string, string>; body: string }, signal: AbortSignal) {
    try {
      return await fetch(url, { method: 'POST', ...init, signal });
    } catch (error) {
      throw new StitchFailure({ error: toLoggableError(error) });
    }
  }

  async function json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new StitchFailure({ status: response.status, problem: 'answer is not JSON' });
    }
  }

  async function token(signal: AbortSignal): Promise<string> {
    if (cachedToken && cachedToken.expiresAt > Date.now()) return cachedToken.value;
    const response = await post(
      settings.tokenUrl,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          scope: STITCH_SCOPE,
          audience: settings.tokenUrl,
        }).toString(),
      },
      signal,
    );
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new StitchFailure({ status: response.status, problem: 'client token refused' });
    }
    const parsed = TokenAnswer.safeParse(await json(response));
    if (!parsed.success) throw new StitchFailure({ status: response.status, problem: 'unexpected token answer' });
    const lifetimeMs = Math.max(0, parsed.data.expires_in - 60) * 1000;
    cachedToken = { value: parsed.data.access_token, expiresAt: Date.now() + lifetimeMs };
    return parsed.data.access_token;
  }

  async function query(request: BankVerificationRequest, bankId: string, signal: AbortSignal): Promise<Answer> {
    const response = await post(
      settings.apiUrl,
      {
        headers: {
          authorization: `Bearer ${await token(signal)}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ query: STITCH_VERIFY_QUERY, variables: stitchVariables(request, bankId) }),
      },
      signal,
    );
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new StitchFailure({ status: response.status, problem: 'verification refused' }, response.status === 401);
    }
    const body = await json(response);
    const errors = ErrorsAnswer.safeParse(body);
    if (errors.success) {
      const codes = errors.data.errors.map((error) => error.extensions?.code ?? 'none');
      throw new StitchFailure({ status: response.status, problem: 'verification answered errors', codes });
    }
    const parsed = VerifyAnswer.safeParse(body);
    if (!parsed.success) throw new StitchFailure({ status: response.status, problem: 'unexpected answer' });
    return parsed.data.data.verifyBankAccountDetails;
  }

  return {
    name: 'stitch',
    async verify(request: BankVerificationRequest) {
      const account = maskAccountNumber(request.accountNumber.slice(-4));
      const bankId = stitchBankId(request.branchCode);
      if (!bankId) {
        logger?.warn({ provider: 'stitch', branchCode: request.branchCode, account }, 'bank not supported by Stitch');
        throw new AppError('unavailable', BANK_VERIFICATION_UNAVAILABLE_MESSAGE, undefined, {
          code: 'bank_verification_unavailable',
        });
      }
      const signal = AbortSignal.timeout(settings.timeoutMs);
      for (let attempt = 1; ; attempt++) {
        try {
          const answer = await query(request, bankId, signal);
          return { reference: `stitch-${randomUUID()}`, checks: stitchChecks(answer) };
        } catch (error) {
          if (!(error instanceof StitchFailure)) throw error;
          if (error.tokenRefused && attempt === 1) {
            cachedToken = undefined;
            continue;
          }
          logger?.warn({ provider: 'stitch', account, ...error.detail }, 'bank verification provider failed');
          throw new AppError('unavailable', BANK_VERIFICATION_UNAVAILABLE_MESSAGE, undefined, {
            code: 'bank_verification_unavailable',
          });
        }
      }
    },
  };
}
