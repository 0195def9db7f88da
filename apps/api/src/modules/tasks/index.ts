/**
 * The tasks module's public file (issue 35 item 2): other modules create tasks through it.
 */
export { createTask, type NewTask } from './tasks.service.js';
