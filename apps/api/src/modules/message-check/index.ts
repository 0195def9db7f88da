/** The message-check module's public functions (issue 35 item 2: other modules import only this file). */
export { checkMessage } from './message-check.service.js';
