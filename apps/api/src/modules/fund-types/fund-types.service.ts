/**
 * The fund types' service: reference data read as is, so its functions are the repository's
 * (listFundTypes by name, findActiveFundType by id, findFundTypeByCode by code).
 */
export { findActiveFundType, findFundTypeByCode, fundTypesByIds, listFundTypes } from './fund-types.repository.js';
