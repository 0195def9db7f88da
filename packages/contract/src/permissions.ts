/**
 * Every back-office permission, in one list (DESIGN.md "Conventions"; decision 009): typed
 * strings `<resource>.<action>`, shared by the server (each `/api/v1` route declares one) and the
 * back-office UI (to show or hide actions). The server copies this list into the `permissions`
 * table at start; a permission removed here stays in the table until `DELETE permissions/{id}`.
 *
 * To add one: append it here with a comment, declare it on its routes, and give it to roles
 * (the super-admin role has every permission without being given it).
 */
export const PERMISSIONS = [
  /** See staff users and their roles. */
  'users.read',
  /** Create, change, deactivate and delete staff users, and give them roles. */
  'users.write',
  /** See roles and their permissions. */
  'roles.read',
  /** Create, change and delete roles. */
  'roles.write',
  /** See the permissions known to the server. */
  'permissions.read',
  /** Delete a permission the code no longer has. */
  'permissions.delete',
  /** Read the audit trail of any entity (`.../{id}/audits`). */
  'audits.read',
  /** See the task queue. */
  'tasks.read',
  /** Create, change and delete tasks. */
  'tasks.write',
  /** Complete or reject tasks. */
  'tasks.resolve',
  /** See templates and their editor form data (issue 7). */
  'templates.read',
  /** Create, change and delete templates (issue 7). */
  'templates.write',
  /** See FAQs and the funds they apply to (issue 7). */
  'faqs.read',
  /** Create, change and delete FAQs (issue 7). */
  'faqs.write',
  /** See funds and their tags (issue 8). */
  'funds.read',
  /** Create, change, archive and delete funds. */
  'funds.write',
  /** See a fund's fees. */
  'fees.read',
  /** Add, change and delete a fund's fees (they change what members are paid). */
  'fees.write',
  /** See a fund's process steps and the kinds of step. */
  'process-steps.read',
  /** Set and reset a fund's process steps. */
  'process-steps.write',
  /** See the fund types (reference data). */
  'fund-types.read',
  /** See the banks (reference data). */
  'banks.read',
  /** See the bank account types. */
  'account-types.read',
  /** Create, change and delete bank account types. */
  'account-types.write',
  /** See partners (tracing partners, fund administrators) and their API keys (never the secrets). */
  'partners.read',
  /** Create, change and delete partners and the funds they serve. */
  'partners.write',
  /** Create, rotate and revoke partners' API keys for the partner API. */
  'partners.keys',
  /** Send a partner's failed webhook delivery again, with the same webhook-id (issue 38 item 5; audited). */
  'webhooks.redeliver',
  /** See bank accounts recorded for persons (numbers masked). */
  'historic-accounts.read',
  /** See benefits and claims in lists and counts (names and masked ID numbers). */
  'benefits.read',
  /** Correct a benefit's amount, type or status, with a reason (issue 18). */
  'benefits.write',
  /** Export benefits and claims as CSV or XLSX, ID and account numbers masked (issue 18). */
  'benefits.export',
  /** Export with full ID and account numbers (`unmasked=true`); needs `benefits.export` too. */
  'benefits.export-unmasked',
  /** See a benefit's person, their account, source rows and identity-check images (each view audited). */
  'persons.read',
  /** Correct a person's names and contact details, send a member a reset PIN, close a member's account. */
  'persons.write',
  /** Open one claim with the member's personal data, documents and bank account (each view audited). */
  'claims.read',
  /** Review claims: start the review and record each process step's outcome. */
  'claims.review',
  /** Give claims to other staff users, or take them from them (issue 36 item 4; taking a claim oneself needs only claims.review). */
  'claims.assign',
  /** Lodge a claim on a member's behalf (assisted claims). */
  'claims.lodge',
  /** Approve, reject or mark paid a claim of a fund with no administrator connected. */
  'claims.approve',
  /** Approve a claim although its approval checks are unmet, with a written reason (issue 36 item 1; audited). */
  'claims.override',
  /** See tracing-fee invoices and credit notes, and download them (issue 18). */
  'invoices.read',
  /** Create, change and delete draft invoices. */
  'invoices.write',
  /** Issue invoices (numbered, immutable) and credit them with credit notes. */
  'invoices.issue',
  /** See file uploads (funds' member files, trace results, payment confirmations), their rows' findings and files. */
  'file-uploads.read',
  /** Create file uploads, upload their files and choose the column mapping. */
  'file-uploads.write',
  /** Accept or reject a validated file upload (never one's own: maker-checker). */
  'file-uploads.accept',
  /** See a fund's enrichment steps, the kinds of step, each person's look-ups and the runs (issue 17). */
  'enrichment.read',
  /** Set and reset a fund's enrichment steps. */
  'enrichment.write',
  /** Run a step again for a fund's persons (paid look-ups). */
  'enrichment.run',
  /** See tracing partners and download the files generated for them (full ID numbers; each download audited). */
  'file-downloads.read',
  /** Generate a file of the persons still to trace for a tracing partner. */
  'file-downloads.generate',
  /** See a fund's outreach funnel (traced, invited, opted out, signed up, claimed, paid). */
  'outreach.read',
  /** Send a fund's invitations (SMS and email to persons with a benefit and no account). */
  'outreach.send',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * Each permission described in words, for the Roles screen (issue 38 item 4): what a role holding it
 * may do. The code (`funds.write`) is shown at most as secondary text.
 */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'users.read': 'See staff users and their roles.',
  'users.write': 'Create, change, deactivate and delete staff users, and give them roles.',
  'roles.read': 'See roles and their permissions.',
  'roles.write': 'Create, change and delete roles.',
  'permissions.read': 'See the permissions known to the server.',
  'permissions.delete': 'Delete a permission the system no longer uses.',
  'audits.read': 'Read the audit log and the history of any record.',
  'tasks.read': 'See the task queue.',
  'tasks.write': 'Create, change and delete tasks.',
  'tasks.resolve': 'Complete or reject tasks.',
  'templates.read': 'See templates and their editor form data.',
  'templates.write': 'Create, change and delete templates.',
  'faqs.read': 'See FAQs and the funds they apply to.',
  'faqs.write': 'Create, change and delete FAQs.',
  'funds.read': 'See funds and their tags.',
  'funds.write': 'Create, change, archive and delete funds.',
  'fees.read': 'See a fund’s fees.',
  'fees.write': 'Add, change and delete a fund’s fees (they change what members are paid).',
  'process-steps.read': 'See a fund’s process steps and the kinds of step.',
  'process-steps.write': 'Set and reset a fund’s process steps.',
  'fund-types.read': 'See the fund types (reference data).',
  'banks.read': 'See the banks (reference data).',
  'account-types.read': 'See the bank account types.',
  'account-types.write': 'Create, change and delete bank account types.',
  'partners.read': 'See partners (tracing partners, fund administrators) and their API keys (never the secrets).',
  'partners.write': 'Create, change and delete partners and the funds they serve.',
  'partners.keys': 'Create, rotate and revoke partners’ API keys for the partner API.',
  'webhooks.redeliver': 'Send a partner’s failed webhook delivery again, with the same webhook-id (audited).',
  'historic-accounts.read': 'See bank accounts recorded for persons (numbers masked).',
  'benefits.read': 'See benefits and claims in lists and counts (names and masked ID numbers).',
  'benefits.write': 'Correct a benefit’s amount, type or status, with a reason.',
  'benefits.export': 'Export benefits and claims as CSV or XLSX, ID and account numbers masked.',
  'benefits.export-unmasked': 'Export with full ID and account numbers (needs the permission to export benefits too).',
  'persons.read': 'See a benefit’s person, their account, source rows and identity-check images (each view audited).',
  'persons.write': 'Correct a person’s names and contact details, send a member a reset PIN, close a member’s account.',
  'claims.read': 'Open one claim with the member’s personal data, documents and bank account (each view audited).',
  'claims.review': 'Review claims: start the review and record each process step’s outcome.',
  'claims.assign': 'Give claims to other staff users, or take them from them.',
  'claims.lodge': 'Lodge a claim on a member’s behalf (assisted claims).',
  'claims.approve': 'Approve, reject or mark paid a claim of a fund with no administrator connected.',
  'claims.override': 'Approve a claim although its approval checks are unmet, with a written reason.',
  'invoices.read': 'See tracing-fee invoices and credit notes, and download them.',
  'invoices.write': 'Create, change and delete draft invoices.',
  'invoices.issue': 'Issue invoices (numbered, immutable) and credit them with credit notes.',
  'file-uploads.read':
    'See file uploads (funds’ member files, trace results, payment confirmations), their rows’ findings and files.',
  'file-uploads.write': 'Create file uploads, upload their files and choose the column mapping.',
  'file-uploads.accept': 'Accept or reject a validated file upload (never one’s own: maker-checker).',
  'enrichment.read': 'See a fund’s enrichment steps, the kinds of step, each person’s look-ups and the runs.',
  'enrichment.write': 'Set and reset a fund’s enrichment steps.',
  'enrichment.run': 'Run a step again for a fund’s persons (paid look-ups).',
  'file-downloads.read':
    'See tracing partners and download the files generated for them (full ID numbers; each download audited).',
  'file-downloads.generate': 'Generate a file of the persons still to trace for a tracing partner.',
  'outreach.read': 'See a fund’s outreach funnel (traced, invited, opted out, signed up, claimed, paid).',
  'outreach.send': 'Send a fund’s invitations (SMS and email to persons with a benefit and no account).',
};

/** Each permission's resource (the part before the dot) in words, as the Roles screen groups them. */
export const PERMISSION_RESOURCE_LABELS: Record<string, string> = {
  users: 'Staff users',
  roles: 'Roles',
  permissions: 'Permissions',
  audits: 'Audit log',
  tasks: 'Tasks',
  templates: 'Templates',
  faqs: 'FAQs',
  funds: 'Funds',
  fees: 'Fees',
  'process-steps': 'Process steps',
  'fund-types': 'Fund types',
  banks: 'Banks',
  'account-types': 'Account types',
  partners: 'Partners',
  webhooks: 'Partner webhooks',
  'historic-accounts': 'Historic accounts',
  benefits: 'Benefits',
  persons: 'Persons',
  claims: 'Claims',
  invoices: 'Invoices',
  'file-uploads': 'File uploads',
  enrichment: 'Enrichment',
  'file-downloads': 'Files for tracing partners',
  outreach: 'Outreach',
};

/** Whether a string is a permission of the current code. */
export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The name of the role that holds every permission, present in code and given at start. */
export const SUPER_ADMIN_ROLE = 'super-admin';
