import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { messageCheckRoutes } from './app.routes.js';

/** The message-check module's registration (issue 35 item 4): The member app's check of a message said to come from us. */
export const messageCheckModule: ModuleDefinition = {
  name: 'message-check',
  routes: [routesAt(messageCheckRoutes, '/api/app')],
};
