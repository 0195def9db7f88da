/** The devices module's public functions (issue 35 item 2): other modules import only this file. */
export { deviceRoutes } from './app.routes.js';
export { devDeviceRoutes } from './dev.routes.js';
export {
  type DeviceRecord,
  deviceFingerprint,
  deviceIdsOfPersonUser,
  findDevicesByIds,
  listDevicesOfPersonUsers,
  removeDeviceById,
  removePersonUserDevices,
} from './devices.service.js';
