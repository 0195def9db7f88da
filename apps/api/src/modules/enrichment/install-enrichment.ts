import type { FastifyInstance } from 'fastify';
import type { StepProviders } from '../../platform/enrichment/step-provider.js';
import { createStepProviders } from '../../platform/enrichment/step-providers.js';
import { riskDependencies } from '../benefit-claims/index.js';
import { ENRICHMENT_QUEUE } from './enrichment-runs.service.js';
import { runEnrichment } from './run-enrichment.job.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The enrichment step providers chosen by configuration (issue 17). */
    stepProviders: StepProviders;
  }
}

/**
 * Chooses the step providers (`config.enrichment`) and declares the enrichment job (issue 17).
 * Call before the app is ready, after `app.jobs` and `app.clock` exist.
 */
export function installEnrichment(app: FastifyInstance): void {
  app.decorate('stepProviders', createStepProviders(app.config.enrichment));
  app.jobs.define<{ runId: number }>(
    ENRICHMENT_QUEUE,
    (job) =>
      runEnrichment(
        {
          db: app.db,
          providers: app.stepProviders,
          clock: app.clock,
          config: app.config.enrichment,
          log: app.log,
          claimRisk: riskDependencies(app),
        },
        job.data.runId,
      ),
    { retryLimit: 0, expireInSeconds: 3600 },
  );
}
