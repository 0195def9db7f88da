/** The templates module's public functions (issue 35 item 2: other modules import only this file). */
export { templateErrors } from './templates.service.js';
