import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { useStoredTemplates } from '../../platform/templating/render-message.js';
import { templateRoutes } from './admin.routes.js';
import { findTemplateText } from './templates.repository.js';

/** The templates module's registration (issue 35 item 4): Message templates. */
export const templatesModule: ModuleDefinition = {
  name: 'templates',
  // Platform's messages (PINs, notices) read staff's templates through templates (issue 35).
  install: () => useStoredTemplates(findTemplateText),
  routes: [routesAt(templateRoutes, '/api/v1')],
};
