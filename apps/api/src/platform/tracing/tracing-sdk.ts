import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { SpanUrlRedactor } from './redact-urls.js';
import type { TracingSettings } from './tracing-settings.js';

/**
 * Starts the OpenTelemetry SDK for traces only (decision 054): spans of incoming and outgoing HTTP,
 * of Fastify's routes and hooks (@fastify/otel, registered on every Fastify instance as it is
 * created), of pg queries and of ioredis commands, exported in batches over OTLP/HTTP (JSON) to the
 * endpoint of the standard OTEL_EXPORTER_OTLP_* variables. No metrics (Prometheus has them) and no
 * logs (they go to standard output) are exported. Must run before fastify, pg and ioredis load.
 * Personal data stays out of attributes: no query strings, route patterns for paths (SpanUrlRedactor), pg records
 * the SQL text with its `$n` placeholders and never the parameters, Redis only the command's name.
 */
export function startTracingSdk(settings: TracingSettings): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    spanProcessors: [new SpanUrlRedactor(), new tracing.BatchSpanProcessor(new OTLPTraceExporter())],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      // Queries outside a request or job trace (the job queue's polling) make no spans of their own.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true, ignoreConnectSpans: true }),
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
  return sdk;
}
