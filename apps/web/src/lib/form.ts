import { type FormRule, validateValue } from '@bcp/contract';
import { appMessage, i18next, translateMessage } from '../i18n';
import { translateError, translateFieldError, translateFieldErrors } from '../i18n/errors';
import type { ApiError } from './api-client';
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
    // The contract's client-side rules answer the app's own English texts (never a server's).
    return result === true ? null : translateMessage(appMessage(result));
  };
}

/** The minimal form surface the server errors need (a Mantine `useForm` result). */
export interface ErrorTarget {
  setErrors(errors: Record<string, string>): void;
}

/**
 * Shows a failed call (spec section 5): a 422 that names fields stores each field's texts (by
 * their codes, `translateFieldErrors`) and shows the negative notice 'Validation failure' with
 * caption 'please check the inputs'; any other failure shows its text by code (`translateError`,
 * issue 39 item 1). All in the app's language; the server's English `message` is never shown.
 * @returns true when the error carried field errors
 */
export function showServerErrors(form: ErrorTarget, error: ApiError): boolean {
  const fields = error.status === 422 ? translateFieldErrors(error) : {};
  if (Object.keys(fields).length > 0) {
    form.setErrors(fields);
    showToast({
      id: VALIDATION_NOTICE_ID,
      color: 'red',
      title: i18next.t('messages.notice.message'),
      message: i18next.t('messages.notice.caption'),
    });
    return true;
  }
  showToast({ color: 'red', message: translateError(error) });
  return false;
}

/** The text for one field of a failed call (e.g. `otp`: 'The PIN is not correct.'), else the call's text, by code. */
export function fieldError(error: ApiError, field: string): string {
  return translateFieldError(error, field) ?? translateError(error);
}
