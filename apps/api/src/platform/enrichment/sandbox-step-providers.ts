import { randomBytes } from 'node:crypto';
import { listedCostCents, type StepProvider, StepProviderError, type StepRequest } from './step-provider.js';

/**
 * Built-in sandbox providers (development, tests and demos; refused in production). Each answer
 * is chosen by the last two digits of the ID number's sequence (`YYMMDD SS[XX] C A Z`, digits 9
 * and 10), so every outcome can be shown on purpose:
 *
 * | digits 9-10 | population_register                     | contact_trace                   |
 * | ----------- | --------------------------------------- | ------------------------------- |
 * | `91`        | deceased on 2024-06-30                  | phone and email                 |
 * | `92`        | alive, ID number blocked (`blocked`)    | phone and email                 |
 * | `93`        | not on the register (`not_found`)       | phone and email                 |
 * | `94`        | alive, names differ (name score 40)     | phone and email                 |
 * | `95`        | provider unavailable (look-up `failed`) | phone and email                 |
 * | `81`        | alive                                   | nothing found (`not_found`)     |
 * | `82`        | alive                                   | email only                      |
 * | `85`        | alive                                   | provider unavailable (`failed`) |
 * | otherwise   | alive, name score 100                   | phone and email                 |
 */
export const SANDBOX_DIGITS = {
  deceased: '91',
  blocked: '92',
  notOnRegister: '93',
  namesDiffer: '94',
  registerUnavailable: '95',
  nothingTraced: '81',
  emailOnly: '82',
  traceUnavailable: '85',
} as const;

/** The date of death the sandbox gives. */
export const SANDBOX_DATE_OF_DEATH = '2024-06-30';

const digitsOf = (request: StepRequest) => request.idNumber.slice(8, 10);
const reference = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

/** The sandbox's traced mobile number: +27 71 and the ID number's digits 7 to 13. */
export function sandboxTracedPhone(idNumber: string): string {
  return `+2771${idNumber.slice(6, 13)}`;
}

/** The sandbox's traced email: names in ASCII letters, the sequence digits, at trace.example.com. */
export function sandboxTracedEmail(request: Pick<StepRequest, 'idNumber' | 'firstName' | 'lastName'>): string {
  const ascii = (name: string) =>
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .slice(0, 30) || 'member';
  return `${ascii(request.firstName)}.${ascii(request.lastName)}.${request.idNumber.slice(6, 10)}@trace.example.com`;
}

/** The sandbox population register (Home Affairs checks through a bureau). */
export function createSandboxPopulationRegisterProvider(): StepProvider {
  return {
    kind: 'population_register',
    name: 'sandbox',
    async lookUp(request) {
      const digits = digitsOf(request);
      if (digits === SANDBOX_DIGITS.registerUnavailable) {
        throw new StepProviderError('The population register did not answer (sandbox).');
      }
      const base = { reference: reference('sbx-pr'), costCents: listedCostCents('population_register') };
      if (digits === SANDBOX_DIGITS.notOnRegister) {
        return { ...base, result: 'not_found', details: { deceasedOn: null, nameScore: 0, blocked: false } };
      }
      if (digits === SANDBOX_DIGITS.deceased) {
        return {
          ...base,
          result: 'deceased',
          details: { deceasedOn: SANDBOX_DATE_OF_DEATH, nameScore: 100, blocked: false },
        };
      }
      if (digits === SANDBOX_DIGITS.blocked) {
        return { ...base, result: 'blocked', details: { deceasedOn: null, nameScore: 100, blocked: true } };
      }
      const nameScore = digits === SANDBOX_DIGITS.namesDiffer ? 40 : 100;
      return { ...base, result: 'alive', details: { deceasedOn: null, nameScore, blocked: false } };
    },
  };
}

/** The sandbox contact trace (a credit bureau's trace). */
export function createSandboxContactTraceProvider(): StepProvider {
  return {
    kind: 'contact_trace',
    name: 'sandbox',
    async lookUp(request) {
      const digits = digitsOf(request);
      if (digits === SANDBOX_DIGITS.traceUnavailable) {
        throw new StepProviderError('The tracing bureau did not answer (sandbox).');
      }
      const base = { reference: reference('sbx-ct'), costCents: listedCostCents('contact_trace') };
      if (digits === SANDBOX_DIGITS.nothingTraced) return { ...base, result: 'not_found', details: { candidates: [] } };
      const email = {
        channel: 'email',
        value: sandboxTracedEmail(request),
        confidence: 65,
        source: 'credit-application',
      };
      const phone = { channel: 'phone', value: sandboxTracedPhone(request.idNumber), confidence: 80, source: 'telco' };
      const candidates = digits === SANDBOX_DIGITS.emailOnly ? [email] : [phone, email];
      return { ...base, result: 'found', details: { candidates } };
    },
  };
}
