import type { EnrichmentConfig } from '../../config.js';
import { createHttpContactTraceProvider, createHttpPopulationRegisterProvider } from './http-step-providers.js';
import { createIdValidationProvider } from './id-validation-provider.js';
import {
  createSandboxContactTraceProvider,
  createSandboxPopulationRegisterProvider,
} from './sandbox-step-providers.js';
import type { StepProviders } from './step-provider.js';

/**
 * The step providers chosen by `config.enrichment` (issue 17), like the identity provider:
 * `sandbox` (development and tests; `loadConfig` refuses it in production) gives deterministic
 * answers chosen by the ID number (see `sandbox-step-providers.ts`); `http` calls a bureau gateway
 * (`http-step-providers.ts`); `none` leaves the bureau steps without a provider (their look-ups
 * are recorded `failed`). The ID number check is always local.
 */
export function createStepProviders(config: EnrichmentConfig): StepProviders {
  const providers: StepProviders = { id_validation: createIdValidationProvider() };
  if (config.provider === 'sandbox') {
    providers.population_register = createSandboxPopulationRegisterProvider();
    providers.contact_trace = createSandboxContactTraceProvider();
  }
  if (config.provider === 'http' && config.http) {
    providers.population_register = createHttpPopulationRegisterProvider(config.http);
    providers.contact_trace = createHttpContactTraceProvider(config.http);
  }
  return providers;
}
