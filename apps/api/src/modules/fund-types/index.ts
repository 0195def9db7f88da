/** The fund-types module's public functions (issue 35 item 2: other modules import only this file). */
export { findActiveFundType, findFundTypeByCode, fundTypesByIds, listFundTypes } from './fund-types.service.js';
