/** The notifications module's public functions (issue 35 item 2: other modules import only this file). */
export { notifyIdentityVerified } from './event-messages.js';
export { deletePersonUserNotifications } from './notifications.service.js';
export {
  type NotificationContent,
  type NotifyDependencies,
  recordNotification,
  recordNotificationForMany,
} from './notify.service.js';
