import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { notificationRoutes } from './app.routes.js';
import { devNotificationRoutes } from './dev.routes.js';
import { installNotifications } from './install-notifications.js';
import { liveRoutes } from './live.routes.js';

/**
 * The notifications module's registration (issue 35 item 4): members' notifications, their delivery
 * jobs, live updates and push (installNotifications), the member app's `firebase/*` routes and,
 * outside production, the development route that sends one.
 */
export const notificationsModule: ModuleDefinition = {
  name: 'notifications',
  install: installNotifications,
  routes: [
    routesAt(notificationRoutes, '/api/app'),
    routesAt(liveRoutes, '/api/app'),
    routesAt(devNotificationRoutes, '/api', { when: (config) => config.env !== 'production' }),
  ],
};
