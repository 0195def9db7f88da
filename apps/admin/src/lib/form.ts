import { type ApiError, errorMessage } from '@bcp/web-client';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';

/** What a failed call's field errors go to (a Mantine `useForm` result). */
export interface ErrorTarget {
  setErrors(errors: Record<string, string>): void;
}

/**
 * Shows a failed call on a form: a 422's per-field messages under their fields (joined by line
 * breaks), anything else as a red notice with the server's message (or the client's for no answer).
 * @returns true when the error carried field errors
 */
export function showFormErrors(form: ErrorTarget, error: ApiError): boolean {
  const fields = (error.body as { errors?: Record<string, string[]> } | undefined)?.errors;
  if (error.status === 422 && fields) {
    form.setErrors(Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.join('\n')])));
    return true;
  }
  notifyError(error);
  return false;
}

/** A failed call as a red notice. */
export function notifyError(error: ApiError): void {
  notifications.show({ color: 'red', message: errorMessage(error) });
}

/** A done change as a green notice. */
export function notifyDone(message: string): void {
  notifications.show({ color: 'green', message });
}

/**
 * Checks a request body with its contract schema before sending: on failure each issue's message
 * goes under its field (`rename` maps a body field to the form field showing it) and the result is
 * undefined; otherwise the parsed body.
 */
export function checkRequest<T>(
  schema: z.ZodType<T>,
  body: unknown,
  form: ErrorTarget,
  rename: Record<string, string> = {},
): T | undefined {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  form.setErrors(
    Object.fromEntries(
      checked.error.issues.map((issue) => {
        const field = String(issue.path[0]);
        return [rename[field] ?? field, issue.message];
      }),
    ),
  );
  return undefined;
}
