import type { ApiResult } from '@bcp/web-client';
import { type ErrorTarget, notifyDone, notifyError, showFormErrors } from './form';
import { queryClient } from './query-client';

/**
 * Runs a change and tells the user how it went: on success a green notice `done` and the lists
 * under each of `invalidate` (query-key prefixes such as `v1/funds`) reload; on failure the form
 * shows the field errors of a 422 (or a red notice).
 * @returns the data, or undefined when the call failed
 */
export async function save<T>(
  call: Promise<ApiResult<T>>,
  options: { done: string; invalidate: string[]; form?: ErrorTarget },
): Promise<T | undefined> {
  const result = await call;
  if (result.error) {
    if (options.form) showFormErrors(options.form, result.error);
    else notifyError(result.error);
    return undefined;
  }
  notifyDone(options.done);
  await Promise.all(options.invalidate.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
  return result.data;
}
