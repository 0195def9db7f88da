import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { fileUploadRoutes } from './admin.routes.js';
import { installFileUploads } from './install-file-uploads.js';

/** The file-uploads module's registration (issue 35 item 4): Member files: the validate and accept jobs and the back office's uploads. */
export const fileUploadsModule: ModuleDefinition = {
  name: 'file-uploads',
  install: installFileUploads,
  routes: [routesAt(fileUploadRoutes, '/api/v1')],
};
