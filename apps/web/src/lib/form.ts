import { type FormRule, VALIDATION_NOTICE, validateValue } from '@bcp/contract';
import { translateMessage } from '../i18n';
import type { ApiError } from './api-client';
import { errorMessage } from './api-client';
import { hideToast, showToast } from './toasts';

/** The one 'Validation failure' notice's id: shown once at a time; leaving the page hides it. */
const VALIDATION_NOTICE_ID = 'validation-failure';

/** Hides the 'Validation failure' notice (spec 5), e.g. when the member goes to another page. */
export function hideValidationNotice(): void {
  hideToast(VALIDATION_NOTICE_ID);
}

/** Spec section 5 rules as a Mantine form validator: the first failing rule's message (in the app's language), or null. */
export function rules(...list: FormRule[]) {
  return (value: unknown): string | null => {
    const result = validateValue(value, list);
    return result === true ? null : translateMessage(result);
  };
}

/** The minimal form surface the server errors need (a Mantine `useForm` result). */
export interface ErrorTarget {
  setErrors(errors: Record<string, string>): void;
}

/**
 * Shows a failed call (spec section 5): 422 field errors are stored per field, joined with line
 * breaks, and the negative notice 'Validation failure' with caption 'please check the inputs'
 * appears; any other failure shows its message. Messages we know are shown in the app's language
 * (`translateMessage`, decision 036); others as the server wrote them.
 * @returns true when the error carried field errors
 */
export function showServerErrors(form: ErrorTarget, error: ApiError): boolean {
  const body = error.body as { errors?: Record<string, string[]> } | undefined;
  if (error.status === 422 && body?.errors) {
    form.setErrors(
      Object.fromEntries(
        Object.entries(body.errors).map(([field, messages]) => [field, translateMessage(messages.join('\n'))]),
      ),
    );
    showToast({
      id: VALIDATION_NOTICE_ID,
      color: 'red',
      title: translateMessage(VALIDATION_NOTICE.message),
      message: translateMessage(VALIDATION_NOTICE.caption),
    });
    return true;
  }
  showToast({ color: 'red', message: translateMessage(errorMessage(error)) });
  return false;
}

/** The message for one field of a failed call (e.g. `otp`), else the call's message. */
export function fieldError(error: ApiError, field: string): string {
  const body = error.body as { errors?: Record<string, string[]> } | undefined;
  return translateMessage(body?.errors?.[field]?.join('\n') ?? errorMessage(error));
}
