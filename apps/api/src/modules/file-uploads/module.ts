import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { fileUploadRoutes } from './admin.routes.js';
import { installFileUploads } from './install-file-uploads.js';
import { sourceRowRoutes } from './source-rows.routes.js';

/** The file-uploads module's registration (issue 35 item 4): Member files: the validate and accept jobs, the back office's uploads and the uploaded rows behind a benefit or a person. */
export const fileUploadsModule: ModuleDefinition = {
  name: 'file-uploads',
  install: installFileUploads,
  routes: [routesAt(fileUploadRoutes, '/api/v1'), routesAt(sourceRowRoutes, '/api/v1')],
};
