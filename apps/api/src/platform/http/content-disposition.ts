import { create } from 'content-disposition';

/**
 * The `Content-Disposition` of every download, streamed or through a signed S3 link (issue 34
 * item 6): `attachment` with the file's name by RFC 6266, made by the `content-disposition`
 * package. An ASCII name is sent as `filename`; any other (non-ASCII, quotes, control characters
 * such as CR and LF) as an ASCII fallback `filename="..."` (other characters as `?`) plus the exact
 * name as `filename*=UTF-8''...` (RFC 5987/8187, percent-encoded). The header is always ASCII, so
 * no name can make Node refuse it (`ERR_INVALID_CHAR`) or split it.
 */
export function attachmentHeader(fileName: string): string {
  return create(fileName, { type: 'attachment' });
}
