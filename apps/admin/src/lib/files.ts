import { ApiQueryError, type ApiResult, errorMessage, type Query, unwrap } from '@bcp/web-client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from './api';
import { notifyError } from './form';

/** Saves `blob` as a file named `fileName` through a temporary link (the browser's download). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Fetches a file through the authenticated client (`path` under `/api`, with `query`) and saves it
 * as `fileName`; a failed call is a red notice.
 * @returns whether the file was saved
 */
export async function downloadFile(path: string, fileName: string, query?: Query): Promise<boolean> {
  const result: ApiResult<Blob> = await api.get<Blob>(path, { as: 'blob', ...(query ? { query } : {}) });
  if (result.error) {
    notifyError(result.error);
    return false;
  }
  saveFile(result.data, fileName);
  return true;
}

/**
 * A file fetched through the authenticated client, as an object URL the page can show in place
 * (an `<img>` or an `<iframe>`): the browser never asks the server for it without the token, and
 * the URL is revoked when the component goes. `type` overrides the answer's type (so a PDF is
 * always shown as a PDF, whatever the answer said).
 */
export function useFileUrl(path: string | null, type?: string): { url?: string; error?: string; loading: boolean } {
  const file = useQuery({
    queryKey: [path, 'file'],
    queryFn: () => unwrap(api.get<Blob>(path as string, { as: 'blob' })),
    enabled: path !== null,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file.data) return;
    const blob = type ? new Blob([file.data], { type }) : file.data;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file.data, type]);
  const error = file.error
    ? file.error instanceof ApiQueryError
      ? errorMessage(file.error.error)
      : 'Could not load the file.'
    : undefined;
  return { ...(url ? { url } : {}), ...(error ? { error } : {}), loading: file.isPending && path !== null };
}
