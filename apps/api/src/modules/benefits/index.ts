/** The benefits module's public functions and types: other modules import only from here. */
export { type BenefitRows, loadFromStaging } from './benefits.repository.js';
export {
  type BenefitFromFundData,
  countUnclaimedBenefits,
  flagBenefitsForDependantsProcess,
  recordBenefits,
} from './benefits.service.js';
