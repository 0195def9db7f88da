import type { ApiResult, Query } from '@bcp/web-client';
import { api } from './api';
import { notifyError } from './form';

/** Saves `blob` as `fileName` through a temporary link (the browser's download). */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API answers (an export, the rejected rows of an upload, a partner file) with
 * the user's token, and saves it as `fileName`; a failure shows as a red notice.
 * @returns whether the file was saved
 */
export async function downloadFile(path: string, fileName: string, query?: Query): Promise<boolean> {
  const result: ApiResult<Blob> = await api.get<Blob>(path, { as: 'blob', ...(query ? { query } : {}) });
  if (result.error) {
    notifyError(result.error);
    return false;
  }
  saveBlob(result.data, fileName);
  return true;
}

/**
 * Reads a file the API answers (a PDF) as an object URL to show in place (an `iframe`); the caller
 * revokes it when done. A failure shows as a red notice.
 * @returns the object URL, or undefined when the call failed
 */
export async function fileUrl(path: string): Promise<string | undefined> {
  const result = await api.get<Blob>(path, { as: 'blob' });
  if (result.error) {
    notifyError(result.error);
    return undefined;
  }
  return URL.createObjectURL(result.data);
}

/** The list's filters as an export's query (`filter[field]=value`, empty ones left out). */
export function exportQuery(
  filter: Record<string, string | number | null | undefined>,
  extra: Record<string, string> = {},
): Query {
  return {
    ...extra,
    ...Object.fromEntries(
      Object.entries(filter)
        .filter(([, value]) => value !== undefined && value !== null && value !== '')
        .map(([field, value]) => [`filter[${field}]`, value]),
    ),
  };
}
