import { isSpanContextValid, trace } from '@opentelemetry/api';

/** What every log line carries while a span is active (decision 054). */
export interface TraceLogFields {
  trace_id?: string;
  span_id?: string;
}

/**
 * pino's `mixin` (app.ts): the trace and span ids of the active span, in the names the OTLP log
 * correlation uses (`trace_id`, `span_id`), so a log line leads to its trace. Answers `{}` when no
 * span is active, which is always when tracing is off (the API's no-op tracer records nothing).
 */
export function traceLogFields(): TraceLogFields {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const context = span.spanContext();
  if (!isSpanContextValid(context)) return {};
  return { trace_id: context.traceId, span_id: context.spanId };
}
