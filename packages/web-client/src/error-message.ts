// Apart from the client (ky, qs-esm): a page shows an error's message without bundling the client
// into its first load (the member app loads the client when it first calls, issue 40 item 1).
import type { ApiError } from './api-client';

/**
 * The message to show for an error value: for a 429 asking to wait a minute or more (or saying
 * nothing else), 'Too many attempts. Try again in N minutes.' (N rounded up); otherwise the
 * server's `message` (e.g. a PIN's 'Please wait 42 seconds ...'), else a generic one.
 */
export function errorMessage(error: ApiError): string {
  const body = error.body as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : undefined;
  const wait = error.retryAfterSeconds;
  if (error.status === 429 && wait !== undefined && (wait >= 60 || !message)) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  }
  return message ?? 'Something went wrong. Please try again.';
}
