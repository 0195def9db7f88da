import { type ModuleDefinition, routesAt } from '../../platform/http/route-modules.js';
import { deviceRoutes } from './app.routes.js';
import { devDeviceRoutes } from './dev.routes.js';

/**
 * The devices module's registration (issue 35 item 4): members' devices for push (`firebase/device`)
 * and, outside production, the development route that reads one.
 */
export const devicesModule: ModuleDefinition = {
  name: 'devices',
  routes: [
    routesAt(deviceRoutes, '/api/app'),
    routesAt(devDeviceRoutes, '/api', { when: (config) => config.env !== 'production' }),
  ],
};
