/** The search module's public functions (issue 35 item 2: other modules import only this file). */
export { globalSearch } from './global-search.service.js';
