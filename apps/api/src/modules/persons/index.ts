/** The persons module's public functions and types: other modules import only from here. */
export {
  findPersonsForLookup,
  knownPersonsRelation,
  type LoadMode,
  loadFromStaging,
  type PersonForLookup,
  type PersonFromFundData,
  type PersonRows,
  updateContactsFromStaging,
  withPersonIds,
} from './persons.repository.js';
export { findPersonIdsByIdNumber, recordDeath, upsertPersonsByIdNumber } from './persons.service.js';
