/** The process-steps module's public functions (issue 35 item 2: other modules import only this file). */
export {
  deleteFundProcessSteps,
  fundChecklist,
  setFundProcessSteps,
} from './process-steps.service.js';
