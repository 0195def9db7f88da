import type { ApiError, ApiResult } from './api-client';

/** Thrown by `unwrap` so that TanStack Query marks the query as failed, carrying the error value. */
export class ApiQueryError extends Error {
  constructor(readonly error: ApiError) {
    super(`HTTP ${error.status}`);
  }
}

/** A call's data for TanStack Query: resolves with the data, or throws `ApiQueryError`. */
export async function unwrap<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (result.error) throw new ApiQueryError(result.error);
  return result.data as T;
}
