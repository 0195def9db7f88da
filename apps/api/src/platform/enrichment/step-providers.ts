import type { EnrichmentConfig } from '../../config.js';
import { createIdValidationProvider } from './id-validation-provider.js';
import {
  createSandboxContactTraceProvider,
  createSandboxPopulationRegisterProvider,
} from './sandbox-step-providers.js';
import type { StepProviders } from './step-provider.js';

/**
 * The step providers chosen by `config.enrichment` (issue 17), like the identity provider:
 * `sandbox` (development and tests; `loadConfig` refuses it in production) gives deterministic
 * answers chosen by the ID number (see `sandbox-step-providers.ts`); `none` leaves the bureau
 * steps without a provider. The ID number check is always local.
 */
export function createStepProviders(config: EnrichmentConfig): StepProviders {
  const providers: StepProviders = { id_validation: createIdValidationProvider() };
  if (config.provider === 'sandbox') {
    providers.population_register = createSandboxPopulationRegisterProvider();
    providers.contact_trace = createSandboxContactTraceProvider();
  }
  return providers;
}
