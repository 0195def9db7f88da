/** The dashboard module's public functions (issue 35 item 2: other modules import only this file). */
export { readDashboard } from './dashboard.service.js';
