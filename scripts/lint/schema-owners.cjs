/**
 * Owner of each table schema file under apps/api/src/db/schema/ (file name without `.ts` -> the
 * module under apps/api/src/modules/ that owns its tables, or `platform` for platform's tables).
 * `columns.ts` (column helpers) and `index.ts` (for drizzle-kit and the database client) hold no
 * table of their own.
 */
module.exports = {
  'account-types': 'account-types',
  'audit-events': 'platform',
  banks: 'banks',
  'benefit-claims': 'benefit-claims',
  'claim-process-steps': 'benefit-claims',
  benefits: 'benefits',
  devices: 'devices',
  enrichment: 'enrichment',
  faqs: 'faqs',
  'file-uploads': 'file-uploads',
  'fund-fees': 'funds',
  'fund-types': 'fund-types',
  funds: 'funds',
  'idempotency-keys': 'platform',
  'identity-verifications': 'identity-verifications',
  invoices: 'invoices',
  'message-references': 'platform',
  notifications: 'notifications',
  'one-time-pins': 'platform',
  'outbox-messages': 'platform',
  outreach: 'outreach',
  'partner-files': 'partner-files',
  'partner-funds': 'partners',
  partners: 'partners',
  'person-bank-accounts': 'person-banks',
  'person-users': 'person-users',
  persons: 'persons',
  'process-steps': 'process-steps',
  rbac: 'platform',
  'saved-views': 'saved-views',
  sessions: 'platform',
  tasks: 'tasks',
  templates: 'templates',
  users: 'users',
  watchlist: 'watchlist',
  webhooks: 'webhooks',
};
