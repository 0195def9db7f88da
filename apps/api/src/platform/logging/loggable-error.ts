/**
 * Removes query parameters (which may hold ID numbers or bank details) from database error texts:
 * from `\nparams: ` up to the stack's first frame line, or the end.
 */
function redactParams(text: string | undefined): string | undefined {
  const start = text?.indexOf('\nparams: ') ?? -1;
  if (text === undefined || start === -1) return text;
  const frame = text.slice(start + 1).search(/\n {2,}at /);
  const rest = frame === -1 ? '' : text.slice(start + 1 + frame);
  return `${text.slice(0, start)}\nparams: [redacted]${rest}`;
}

/**
 * A log-safe view of an error: type, code, message and stack with query parameters redacted, and
 * the cause's code and message; never the database's `detail` (it repeats row values).
 */
export function toLoggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  return {
    type: error.name,
    code: (error as { code?: unknown }).code,
    message: redactParams(error.message),
    stack: redactParams(error.stack),
    ...(cause
      ? { causeCode: cause.code, causeMessage: typeof cause.message === 'string' ? cause.message : undefined }
      : {}),
  };
}
