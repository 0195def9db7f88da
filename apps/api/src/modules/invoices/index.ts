/** The invoices module's public functions (issue 35 item 2: other modules import only this file). */
export { getInvoice, invoiceNumber, listInvoices } from './invoices.service.js';
