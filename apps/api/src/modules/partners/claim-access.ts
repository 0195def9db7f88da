/*
 * The rule of which partner reads a fund's claims lives with the read models that join funds and
 * partners (queries/claim-readers.ts, issue 35 item 3); the partners module publishes it.
 */
export { readsClaimsOfFund } from '../../queries/claim-readers.js';
