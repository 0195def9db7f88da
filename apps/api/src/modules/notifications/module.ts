import type { ModuleDefinition } from '../../platform/http/route-modules.js';
import { installNotifications } from './install-notifications.js';

/** The notifications module's registration (issue 35 item 4): Members' notifications: delivery jobs, live updates and push (installNotifications also registers the notification and device routes). */
export const notificationsModule: ModuleDefinition = {
  name: 'notifications',
  install: installNotifications,
};
