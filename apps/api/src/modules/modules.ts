import type { ModuleDefinition } from '../platform/http/route-modules.js';
import { accountChangesModule } from './account-changes/module.js';
import { accountTypesModule } from './account-types/module.js';
import { adminSessionsModule } from './admin-sessions/module.js';
import { auditsModule } from './audits/module.js';
import { banksModule } from './banks/module.js';
import { beneficiarySessionsModule } from './beneficiary-sessions/module.js';
import { benefitClaimsModule } from './benefit-claims/module.js';
import { benefitsModule } from './benefits/module.js';
import { dashboardModule } from './dashboard/module.js';
import { devicesModule } from './devices/module.js';
import { enrichmentModule } from './enrichment/module.js';
import { faqsModule } from './faqs/module.js';
import { fileUploadsModule } from './file-uploads/module.js';
import { fundTypesModule } from './fund-types/module.js';
import { fundsModule } from './funds/module.js';
import { healthModule } from './health/module.js';
import { historicAccountsModule } from './historic-accounts/module.js';
import { identityVerificationsModule } from './identity-verifications/module.js';
import { invoicesModule } from './invoices/module.js';
import { messageCheckModule } from './message-check/module.js';
import { notificationsModule } from './notifications/module.js';
import { outreachModule } from './outreach/module.js';
import { partnerFilesModule } from './partner-files/module.js';
import { partnersModule } from './partners/module.js';
import { permissionsModule } from './permissions/module.js';
import { personBanksModule } from './person-banks/module.js';
import { personUsersModule } from './person-users/module.js';
import { personsModule } from './persons/module.js';
import { processStepsModule } from './process-steps/module.js';
import { rolesModule } from './roles/module.js';
import { savedViewsModule } from './saved-views/module.js';
import { searchModule } from './search/module.js';
import { statementsModule } from './statements/module.js';
import { tasksModule } from './tasks/module.js';
import { templatesModule } from './templates/module.js';
import { usersModule } from './users/module.js';
import { watchlistModule } from './watchlist/module.js';
import { webhooksModule } from './webhooks/module.js';

/**
 * Every module the server registers (issue 35 item 4), each by its `module.ts`: app.ts installs
 * them all, then registers their routes, in this order (the member app's sign-in first, then the
 * jobs, the back office, the partner API; the order of routes does not change what they answer).
 */
export const MODULES: readonly ModuleDefinition[] = [
  healthModule,
  personUsersModule,
  accountChangesModule,
  beneficiarySessionsModule,
  identityVerificationsModule,
  benefitsModule,
  messageCheckModule,
  notificationsModule,
  devicesModule,
  enrichmentModule,
  partnerFilesModule,
  webhooksModule,
  outreachModule,
  fileUploadsModule,
  watchlistModule,
  adminSessionsModule,
  usersModule,
  savedViewsModule,
  rolesModule,
  permissionsModule,
  tasksModule,
  dashboardModule,
  auditsModule,
  fundsModule,
  processStepsModule,
  fundTypesModule,
  banksModule,
  accountTypesModule,
  historicAccountsModule,
  partnersModule,
  templatesModule,
  faqsModule,
  benefitClaimsModule,
  personsModule,
  statementsModule,
  invoicesModule,
  personBanksModule,
  searchModule,
];
