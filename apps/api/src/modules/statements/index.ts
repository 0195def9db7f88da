/** The statements module's public functions (issue 35 item 2: other modules import only this file). */
export { benefitStatementForMember, benefitStatementForStaff, complaintParagraphs } from './statements.service.js';
