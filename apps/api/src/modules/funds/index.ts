/** The funds module's public functions (issue 35 item 2: other modules import only this file). */
export { configureDemoFund, DEMO_FUND_SETUP } from './demo-fund.js';
export { calculateFundPayout, listFundFeeRules } from './fund-fees.service.js';
export { type FundPartnerLinks, useFundPartnerLinks } from './fund-partner-links.js';
export { lockFund } from './funds.repository.js';
export {
  activeFundIds,
  countFunds,
  createFund,
  type FundRecord,
  findFund,
  findFundIdByRegistrationNumber,
  findFundName,
  fundNamesByIds,
  fundOptions,
  fundSummaries,
  fundsAdministeredBy,
  updateFund,
} from './funds.service.js';
