/** The enrichment module's public functions: other modules import only from here. */
export { ENRICHMENT_QUEUE, startUploadEnrichment } from './enrichment-runs.service.js';
