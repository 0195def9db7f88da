/**
 * The one place an operation's `operationId` comes from (issue 26 item 1): derived from the
 * method and path, in the field's style (`listFunds`, `getFund`, `approveBenefitClaim`), or named
 * in `NAMED` where the spec's path says little (`/api/v2/benefitclaim/getlist`) or two surfaces
 * share a path shape. `OperationIds` refuses a duplicate when a route is registered, so the server
 * does not start with two operations of one name; a generated client's function names stay stable
 * as long as the method and path do.
 */

/** Operations whose derived name would be unclear or clash, by `METHOD /path` (OpenAPI form). */
export const NAMED: Readonly<Record<string, string>> = {
  // Partner API (spec 7 "Admin, version 2 (all POST)"): the spec's RPC paths.
  'POST /api/v2/benefitclaim/getlist': 'listBenefitClaims',
  'POST /api/v2/benefitclaim/getdetails': 'getBenefitClaim',
  'POST /api/v2/benefitclaim/approvalresponse': 'answerBenefitClaim',
  'POST /api/v2/benefitclaim/requestinformation': 'requestBenefitClaimInformation',
  // Member app: the member's own things, named apart from the back office's.
  'POST /api/app/person-users': 'signUp',
  'GET /api/app/person-users/{id}': 'getMyAccount',
  'PUT /api/app/person-users/{id}/twoFactorMethod': 'updateMyTwoFactorMethod',
  'PUT /api/app/person-users/{id}/language': 'updateMyLanguage',
  'POST /api/app/beneficiary-sessions/login': 'signIn',
  'POST /api/app/beneficiary-sessions/otp': 'sendSignInPin',
  'POST /api/app/beneficiary-sessions/verifyOtp': 'verifySignInPin',
  'DELETE /api/app/beneficiary-sessions/logout': 'signOut',
  'GET /api/app/beneficiary-sessions/iidentifii': 'getIdentityCheckUrl',
  'GET /api/app/identity-verifications/latest': 'getLatestIdentityCheck',
  'GET /api/app/beneficiary-sessions/reset-password-user': 'getPasswordResetDestination',
  'POST /api/app/beneficiary-sessions/reset-password-request': 'requestPasswordReset',
  'POST /api/app/beneficiary-session/verify-reset-password-otp': 'verifyPasswordResetPin',
  'POST /api/app/beneficiary-session/reset-password': 'resetPassword',
  'POST /api/app/identity-verifications/callback': 'receiveIdentityCheckResult',
  'GET /api/app/benefits/idNumber': 'searchBenefits',
  'GET /api/app/benefits': 'listMyBenefits',
  'GET /api/app/benefits/total': 'getMyBenefitTotal',
  'GET /api/app/benefits/{id}/benefit': 'getMyBenefit',
  'GET /api/app/firebase/{id}/notification': 'listMyNotifications',
  'GET /api/app/firebase/notification-total': 'getMyUnreadNotificationTotal',
  'PUT /api/app/firebase/notification/read': 'markMyNotificationsRead',
  'GET /api/app/firebase/web-push-key': 'getWebPushKey',
  'POST /api/app/firebase/device': 'registerMyDevice',
  'DELETE /api/app/firebase/device': 'deleteMyDevice',
  'GET /api/app/firebase/live': 'streamMyNotifications',
  'GET /api/app/faq-funds': 'listPublishedFaqs',
  'GET /api/app/faq-funds/params': 'getMyFaqParameters',
  'GET /api/app/benefit-claims/{id}': 'getMyBenefitClaim',
  'POST /api/app/benefit-claims/{id}': 'saveMyBenefitClaim',
  'POST /api/app/benefit-claims/{id}/claim': 'submitMyBenefitClaim',
  'POST /api/app/benefit-claims/{id}/information': 'answerMyClaimInformationRequest',
  'POST /api/app/benefit-claims/{id}/documents': 'uploadMyClaimDocument',
  'DELETE /api/app/benefit-claims/{id}/documents/{documentId}': 'deleteMyClaimDocument',
  'GET /api/app/benefit-claims/{id}/statement': 'getMyBenefitStatement',
  'GET /api/app/benefit-claims/person-banks': 'listMyBankAccounts',
  'POST /api/app/benefit-claims/person-banks': 'createMyBankAccount',
  'GET /api/app/benefit-claims/person-banks/{id}': 'getMyBankAccount',
  'PUT /api/app/benefit-claims/person-banks/{id}': 'updateMyBankAccount',
  'DELETE /api/app/benefit-claims/person-banks/{id}': 'deleteMyBankAccount',
  'POST /api/app/benefit-claims/person-banks/{id}/otp': 'sendMyBankAccountPin',
  'GET /api/app/banks': 'listBanksForMembers',
  'POST /api/app/message-check': 'checkMessage',
  'POST /api/app/watchlist': 'watchIdNumber',
  'POST /api/app/watchlist/{id}/confirm': 'confirmWatch',
  // Back office: staff sign-in and the review screens' paths.
  'POST /api/v1/admin-sessions/login': 'signInStaff',
  'POST /api/v1/admin-sessions/otp': 'sendStaffSignInPin',
  'POST /api/v1/admin-sessions/otp/verify': 'verifyStaffSignInPin',
  'GET /api/v1/admin-sessions/me': 'getMyStaffAccount',
  'DELETE /api/v1/admin-sessions/logout': 'signOutStaff',
  'POST /api/v1/admin-sessions/reset-password-request': 'requestStaffPasswordReset',
  'GET /api/v1/admin-sessions/verify-reset-url/{token}': 'checkStaffPasswordLink',
  'POST /api/v1/admin-sessions/reset-password': 'resetStaffPassword',
  'GET /api/v1/funds/get/tags': 'listFundTags',
  'GET /api/v1/dashboard': 'getDashboard',
  'GET /api/v1/benefits/status': 'countBenefitsByStatus',
  'GET /api/v1/benefits/claims': 'listClaims',
  'GET /api/v1/benefits/claims/status': 'countClaimsByStatus',
  'GET /api/v1/benefits/claims/export': 'exportClaims',
  'POST /api/v1/benefits/{id}': 'recordProcessStep',
  'GET /api/v1/benefits/{id}/claim': 'getBenefitClaimOfBenefit',
  'GET /api/v1/benefits/claim/{id}': 'getClaim',
  'POST /api/v1/benefits/claim/{id}/review': 'startClaimReview',
  'POST /api/v1/benefits/claim/{id}/decision': 'decideClaim',
  'POST /api/v1/benefits/claim/{id}/assignee': 'assignClaim',
  'POST /api/v1/benefits/claims/assignee': 'assignClaims',
  'GET /api/v1/benefits/claims/assignees': 'listClaimAssignees',
  'GET /api/v1/benefits/{id}/bank/match': 'matchClaimBankAccount',
  'GET /api/v1/benefits/claim/{id}/documents/{documentId}': 'getClaimDocument',
  'POST /api/v1/benefits/{id}/admin/claim': 'lodgeAssistedClaim',
  'GET /api/v1/benefits/{id}/person': 'getBenefitPerson',
  'GET /api/v1/benefits/{id}/user': 'getBenefitMemberAccount',
  'GET /api/v1/benefits/{id}/source': 'getBenefitSource',
  'GET /api/v1/benefits/person/source/{id}': 'listPersonSourceRows',
  'GET /api/v1/benefits/person/images': 'listPersonIdentityImages',
  'PATCH /api/v1/benefits/edit/{id}': 'updateBenefit',
  'PATCH /api/v1/benefits/update/person/{id}': 'updatePerson',
  'DELETE /api/v1/benefits/person/user/delete/{id}': 'closeMemberAccount',
  'PATCH /api/v1/benefits/person/password/{id}': 'sendMemberPasswordReset',
  'GET /api/v1/benefits/{id}/statement': 'getBenefitStatement',
  'GET /api/v1/invoices/{id}/pdf': 'getInvoicePdf',
  'POST /api/v1/invoices/{id}/credit-note': 'creditInvoice',
  'GET /api/v1/file-uploads/mapping': 'getFileUploadMapping',
  'POST /api/v1/file-uploads/mapping': 'setFileUploadMapping',
  'POST /api/v1/file-uploads/upload': 'uploadFileUploadFile',
  'GET /api/v1/file-uploads/{id}/download': 'downloadFileUpload',
  'GET /api/v1/file-uploads/enrichments': 'listEnrichmentRuns',
  'GET /api/v1/funds/{id}/enrichment-steps/runs/{runId}': 'getEnrichmentRun',
  'GET /api/v1/funds/{id}/enrichment-steps/records': 'listEnrichmentRecords',
  'POST /api/v1/funds/{id}/enrichment-steps': 'setEnrichmentSteps',
  'POST /api/v1/funds/{id}/process-steps': 'setProcessSteps',
  'GET /api/v1/funds/{id}/enrichment-steps/steps': 'listEnrichmentStepKinds',
  'GET /api/v1/funds/{id}/process-steps/steps': 'listProcessStepKinds',
  'GET /api/v1/file-download/partners': 'listTracingPartners',
  'GET /api/v1/file-download/{id}/generate': 'generateTracingFile',
  'GET /api/v1/file-download/{id}/download': 'downloadTracingFile',
  'GET /api/v1/funds/{id}/outreach/funnel': 'getOutreachFunnel',
  'POST /api/v1/funds/{id}/outreach/invitations': 'sendOutreachInvitations',
  'GET /api/v1/banks': 'listBanks',
  'GET /api/v1/faq': 'listFaqs',
  'GET /api/v1/file-uploads/types': 'listFileUploadTypes',
  'POST /api/v1/templates/preview': 'previewTemplate',
  // Outside the three surfaces.
  'GET /api/health': 'getHealth',
  'GET /api/ready': 'getReadiness',
  'GET /api/outreach/opt-out': 'optOutOfOutreach',
  'GET /api/watchlist/unsubscribe': 'unsubscribeWatch',
  'POST /api/outreach/sms-replies': 'receiveSmsReply',
  'GET /api/identity-sandbox/checks/{reference}': 'getSandboxCheck',
  'POST /api/identity-sandbox/checks/{reference}': 'completeSandboxCheck',
  'GET /api/dev/outbox': 'listDevOutbox',
  'GET /api/dev/otp': 'getDevOtp',
  'GET /api/dev/device': 'getDevDevice',
  'POST /api/dev/notifications': 'sendDevNotification',
};

/**
 * Last path words that are the action itself: `.../{id}/approve` is `approve<Thing>`; `*` stands
 * for the thing (`.../{id}/audits` is `list<Thing>Audits`).
 */
const ACTIONS: Readonly<Record<string, string>> = {
  approve: 'approve*',
  reject: 'reject*',
  complete: 'complete*',
  accept: 'accept*',
  issue: 'issue*',
  rotate: 'rotate*',
  rerun: 'rerun*',
  export: 'export*',
  audits: 'list*Audits',
  edit: 'get*EditForm',
  create: 'get*CreateForm',
  test: 'test*',
  deliveries: 'list*Deliveries',
};

const AREA = /^\/api\/(?:app|v1|v2)(?=\/)/;

function words(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const pascal = (parts: string[]) => parts.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
const isParam = (segment: string) => segment.startsWith('{') || segment.startsWith(':');

/** `/api/v1/funds/:id` -> `/api/v1/funds/{id}` (the document's form). */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * The operationId of `method url` (`url` in Fastify's `:id` or OpenAPI's `{id}` form): `NAMED`'s
 * entry, else verb + the path's nouns, a noun before a parameter in the singular:
 * `GET /api/v1/funds` listFunds, `GET /api/v1/funds/{id}/fees` listFundFees,
 * `PATCH /api/v1/tasks/{id}/complete` completeTask, `DELETE /api/v1/fees/{feeId}` deleteFee.
 */
export function operationIdFor(method: string, url: string): string {
  const path = openApiPath(url);
  const named = NAMED[`${method.toUpperCase()} ${path}`];
  if (named) return named;
  const segments = path
    .replace(AREA, '')
    .replace(/^\/api/, '')
    .split('/')
    .filter(Boolean);
  const last = segments.at(-1) ?? '';
  const lastStatic = [...segments].reverse().find((segment) => !isParam(segment)) ?? '';
  const action = segments.length > 1 && !isParam(last) ? ACTIONS[last] : undefined;
  const nouns: string[] = [];
  segments.forEach((segment, index) => {
    if (isParam(segment) || (action && index === segments.length - 1)) return;
    const segmentWords = words(segment);
    // One thing: before its id, created by POST, or the subject of a form.
    const one =
      isParam(segments[index + 1] ?? '') ||
      (index === segments.length - 1 && method.toUpperCase() === 'POST') ||
      (index === segments.length - 2 && (last === 'create' || last === 'edit'));
    if (one) segmentWords.push(singular(segmentWords.pop() ?? ''));
    nouns.push(...segmentWords);
  });
  const pattern = action ?? `${defaultVerb(method.toUpperCase(), isParam(last), lastStatic)}*`;
  return pattern.replace('*', pascal(nouns));
}

function defaultVerb(method: string, endsWithParam: boolean, lastStatic: string): string {
  if (method === 'GET') return endsWithParam || !lastStatic.endsWith('s') ? 'get' : 'list';
  if (method === 'POST') return 'create';
  if (method === 'DELETE') return 'delete';
  return 'update';
}

/** Thrown at start when two operations would share an operationId. */
export class DuplicateOperationIdError extends Error {
  override name = 'DuplicateOperationIdError';
}

/** The operationIds given so far, refusing a second operation of the same name. */
export class OperationIds {
  readonly #owners = new Map<string, string>();

  /**
   * Records `method url` and answers its operationId.
   * @throws DuplicateOperationIdError when another operation already has it
   */
  register(method: string, url: string): string {
    const id = operationIdFor(method, url);
    const operation = `${method.toUpperCase()} ${openApiPath(url)}`;
    const owner = this.#owners.get(id);
    if (owner && owner !== operation) {
      throw new DuplicateOperationIdError(`operationId ${id} of ${operation} is already ${owner}'s`);
    }
    this.#owners.set(id, operation);
    return id;
  }
}
