import type { FileUploadStatus, FileUploadType } from '@bcp/contract';

/** What each file type is called on screen. */
export const UPLOAD_TYPE_LABELS: Record<FileUploadType, string> = {
  member_file: 'Member file',
  trace_results: 'Trace results',
  payment_confirmations: 'Payment confirmations',
};

/** Each upload status's words and badge colour. */
export const UPLOAD_STATUS: Record<FileUploadStatus, { label: string; color: string }> = {
  awaiting_file: { label: 'Awaiting file', color: 'gray' },
  uploaded: { label: 'Needs mapping', color: 'indigo' },
  validating: { label: 'Checking rows', color: 'blue' },
  validated: { label: 'Waiting for a decision', color: 'violet' },
  accepting: { label: 'Loading', color: 'blue' },
  accepted: { label: 'Accepted', color: 'teal' },
  rejected: { label: 'Rejected', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

/** Statuses that change on their own (a job is working): the upload page polls while in them. */
export const UPLOAD_BUSY_STATUSES: readonly FileUploadStatus[] = ['validating', 'accepting'];
