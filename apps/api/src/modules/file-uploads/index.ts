/** The file-uploads module's public functions and types: other modules import only from here. */
export { ACCEPT_UPLOAD_QUEUE } from './accept-upload.job.js';
export { VALIDATE_UPLOAD_QUEUE } from './validate-upload.job.js';
