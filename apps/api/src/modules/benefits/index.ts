/** The benefits module's public functions and types: other modules import only from here. */

export { toAdminBenefitResponse, toAdminPersonSummary, toStatusCounts } from './admin-benefits.service.js';
export {
  type BenefitRows,
  type BenefitStatus,
  benefitStatusUpdate,
  fundBenefitsRelation,
  loadFromStaging,
} from './benefits.repository.js';
export {
  type BenefitFromFundData,
  countUnclaimedBenefits,
  findBenefitPersonId,
  flagBenefitsForDependantsProcess,
  recordBenefits,
} from './benefits.service.js';
export { editBenefitForStaff } from './edit-benefit.service.js';
export { findMemberBenefit, getMemberBenefit, type MemberBenefit } from './member-benefits.service.js';
