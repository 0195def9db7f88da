import {
  FILE_UPLOAD_STATUS_LABELS,
  FILE_UPLOAD_TYPE_LABELS,
  FILE_UPLOAD_TYPES,
  type FileUploadStatus,
  type FileUploadType,
} from '@bcp/contract';

/** What each file type is called on screen (the contract's `FILE_UPLOAD_TYPE_LABELS`). */
export const UPLOAD_TYPE_LABELS = Object.fromEntries(
  FILE_UPLOAD_TYPES.map((type) => [type, FILE_UPLOAD_TYPE_LABELS[type].label]),
) as Record<FileUploadType, string>;

const STATUS_COLOR: Record<FileUploadStatus, string> = {
  awaiting_file: 'gray',
  uploaded: 'indigo',
  validating: 'blue',
  validated: 'violet',
  accepting: 'blue',
  accepted: 'teal',
  rejected: 'gray',
  failed: 'red',
};

/** Each upload status's words (the contract's `FILE_UPLOAD_STATUS_LABELS`) and badge colour. */
export const UPLOAD_STATUS = Object.fromEntries(
  Object.entries(STATUS_COLOR).map(([status, color]) => [
    status,
    { label: FILE_UPLOAD_STATUS_LABELS[status as FileUploadStatus], color },
  ]),
) as Record<FileUploadStatus, { label: string; color: string }>;

/** Statuses that change on their own (a job is working): the upload page polls while in them. */
export const UPLOAD_BUSY_STATUSES: readonly FileUploadStatus[] = ['validating', 'accepting'];
