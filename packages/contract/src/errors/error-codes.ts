// Plain values, without Zod (decision 036): the member app imports the catalogue to translate
// errors by code, and its first load must not pull in Zod.

/** One entry of the error catalogue: the HTTP status it is answered with, what it means, its params. */
export interface ErrorCodeEntry {
  /** The HTTP status of every answer carrying this code. */
  readonly status: number;
  /** One line: when the code is answered. */
  readonly description: string;
  /** Names of the values in the answer's `params` (numbers or strings), when the message has variable parts. */
  readonly params?: readonly string[];
}

/**
 * The error catalogue (decision 059, issue 39 item 1): every `code` an error answer can carry, a
 * stable snake_case identifier with its HTTP status, a one-line description and the names of its
 * `params`. Codes are never renamed or reused: clients (our member app, partners' generated SDKs)
 * translate and branch on them, never on the English `message`. Adding codes is fine.
 */
export const ERROR_CODES = {
  // --- Requests the server cannot read -------------------------------------------------------
  bad_request: { status: 400, description: 'The request is malformed (the default for a 400).' },
  malformed_json: { status: 400, description: 'The body is declared as JSON but is not valid JSON.' },
  malformed_multipart: { status: 400, description: 'The multipart body could not be read.' },
  malformed_url: { status: 400, description: 'The request address could not be read.' },
  request_timeout: { status: 408, description: 'The request took too long to arrive.' },
  headers_too_large: { status: 431, description: 'The request headers are too large.' },
  body_too_large: { status: 413, description: 'The request body is larger than the route accepts.' },
  uri_too_long: { status: 414, description: 'The request address is too long.' },
  unsupported_media_type: {
    status: 415,
    description: 'The body has a content type the route does not accept (e.g. text/plain on a JSON route).',
  },
  // --- Validation ----------------------------------------------------------------------------
  validation_failed: {
    status: 422,
    description: 'The input is invalid: `errors` (and `fieldCodes`) say what is wrong with each field.',
  },
  invalid_cursor: { status: 422, description: 'The list cursor is not one this server gave out.' },
  idempotency_key_malformed: { status: 422, description: 'The Idempotency-Key header is not a valid key.' },
  idempotency_key_reused: {
    status: 422,
    description: 'The Idempotency-Key was already used for a different request.',
  },
  // --- Who is calling --------------------------------------------------------------------------
  unauthenticated: { status: 401, description: 'No credentials were sent: sign in first.' },
  session_ended: { status: 401, description: 'The session token is unknown, expired or signed out.' },
  invalid_api_key: {
    status: 401,
    description: 'The partner API key is missing, unknown or revoked, or its partner is inactive.',
  },
  wrong_area: {
    status: 401,
    description:
      'The credentials are of another area (a partner API key on /api/v1, a staff token on member routes, ...).',
  },
  sign_in_failed: { status: 401, description: 'The identifier or password is not correct.' },
  invalid_signature: { status: 401, description: 'A callback’s signature is missing or wrong.' },
  metrics_token_required: { status: 401, description: 'The metrics endpoint needs its bearer token.' },
  forbidden: { status: 403, description: 'The caller may not do this (the default for a 403).' },
  permission_missing: {
    status: 403,
    description: 'The staff user’s roles do not give the permission this call needs.',
  },
  verification_required: { status: 403, description: 'The sign-in PIN has not been entered yet.' },
  xsrf_mismatch: { status: 403, description: 'The X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie.' },
  identity_verification_required: {
    status: 403,
    description: 'The member must prove who they are before seeing or claiming benefits.',
  },
  device_not_yours: { status: 403, description: 'The device registration belongs to another member.' },
  // --- Not there ---------------------------------------------------------------------------------
  not_found: {
    status: 404,
    description: 'Nothing at this address, or not visible to the caller (the default for a 404).',
  },
  account_not_found: { status: 404, description: 'No member account matches.' },
  benefit_not_found: { status: 404, description: 'No benefit with this id visible to the caller.' },
  claim_not_found: { status: 404, description: 'No claim for this benefit or id visible to the caller.' },
  document_not_found: { status: 404, description: 'No such document on this claim.' },
  bank_account_not_found: { status: 404, description: 'No such bank account of the member.' },
  faq_not_found: { status: 404, description: 'No such FAQ.' },
  webhook_endpoint_not_found: { status: 404, description: 'No such webhook endpoint of the partner.' },
  webhook_delivery_not_found: { status: 404, description: 'No such webhook delivery of the partner.' },
  file_unavailable: { status: 404, description: 'The stored file is no longer available.' },
  gone: { status: 410, description: 'It was here and is no more, e.g. an expired download link.' },
  // --- State conflicts ---------------------------------------------------------------------------
  conflict: { status: 409, description: 'The request conflicts with the current state (the default for a 409).' },
  duplicate_record: { status: 409, description: 'The record already exists (a unique value is taken).' },
  claim_state_conflict: {
    status: 409,
    description: 'The claim cannot move from its current status to the one asked for.',
    params: ['from', 'to'],
  },
  claim_changed: { status: 409, description: 'The claim has moved on since it was read: read it again.' },
  claim_already_decided: { status: 409, description: 'The claim was already decided differently.' },
  claim_not_in_review: { status: 409, description: 'The claim is not submitted or in review.' },
  claim_not_ready_for_approval: {
    status: 409,
    description: 'Some approval checks are not met: `errors` names each unmet check.',
  },
  net_amount_changed: { status: 409, description: 'The net payout changed since it was confirmed.' },
  administrator_decides: {
    status: 409,
    description: 'The fund’s administrator decides its claims through the partner API.',
  },
  benefit_not_claimable: {
    status: 409,
    description: 'The benefit is already paid, or a claim for it is running.',
  },
  benefit_dependants_process: {
    status: 409,
    description: 'The benefit is paid to dependants through another process.',
  },
  claim_already_submitted: { status: 409, description: 'The claim was already submitted.' },
  claim_not_editable: { status: 409, description: 'The claim was submitted, so it can no longer be changed.' },
  payout_changed: { status: 409, description: 'The fees or payout changed since the member reviewed them.' },
  no_open_information_request: { status: 409, description: 'Nothing is asked of the member on this claim.' },
  information_not_requestable: {
    status: 409,
    description: 'More information can be asked for only while a claim is submitted or in review.',
  },
  documents_locked: { status: 409, description: 'Documents can be reviewed once the claim is submitted.' },
  bank_account_in_use: { status: 409, description: 'The bank account is used by a claim that is not finished.' },
  already_signed_in: { status: 409, description: 'The session has already entered its PIN.' },
  account_closed: { status: 409, description: 'The member account is closed.' },
  no_pin_destination: { status: 409, description: 'The account has no phone number or email to send a PIN to.' },
  identity_already_verified: { status: 409, description: 'The member’s identity is already verified.' },
  idempotency_in_progress: { status: 409, description: 'A request with this Idempotency-Key is still running.' },
  webhook_endpoint_limit: { status: 409, description: 'The partner has as many webhook endpoints as allowed.' },
  webhook_delivery_not_failed: {
    status: 409,
    description: 'Only a failed delivery can be redelivered.',
    params: ['status'],
  },
  webhook_endpoint_deleted: { status: 409, description: 'The delivery’s webhook endpoint was deleted.' },
  // --- Member input refused by a rule (422) ---------------------------------------------------------
  account_exists: { status: 422, description: 'An account already exists for this ID number.' },
  no_benefits_for_id_number: { status: 422, description: 'No benefits are recorded for this ID number.' },
  email_in_use: { status: 422, description: 'The email address is used by another account.' },
  password_too_weak: { status: 422, description: 'The password does not meet the password rule.' },
  otp_wrong: { status: 422, description: 'The PIN is not correct.' },
  otp_expired: { status: 422, description: 'The PIN has expired: ask for a new one.' },
  otp_used_up: { status: 422, description: 'Too many wrong PINs: ask for a new one.' },
  otp_not_active: { status: 422, description: 'The PIN can no longer be used: ask for a new one.' },
  otp_required: { status: 422, description: 'Enter the PIN sent to the new contact details.' },
  bank_account_otp_required: {
    status: 422,
    description: 'The account is used by a submitted claim: the PIN sent to the member confirms the change.',
  },
  reset_token_invalid: { status: 422, description: 'The password reset has expired: start again.' },
  claim_steps_missing: { status: 422, description: 'Some steps of the claim are not finished.' },
  document_missing: { status: 422, description: 'No file was uploaded.' },
  document_too_large: { status: 413, description: 'The uploaded document is larger than 10 MB.' },
  document_type_unsupported: { status: 415, description: 'The document is not a PDF, JPEG or PNG file.' },
  document_dimensions_too_large: { status: 415, description: 'The image is more than 12,000 pixels a side.' },
  // --- Slow down, come back later -----------------------------------------------------------------------
  rate_limited: {
    status: 429,
    description: 'Too many requests: wait `retryAfterSeconds` (also in Retry-After) and try again.',
    params: ['retryAfterSeconds'],
  },
  otp_resend_too_soon: {
    status: 429,
    description: 'A PIN was sent too recently: wait `retryAfterSeconds` before asking for a new one.',
    params: ['retryAfterSeconds'],
  },
  identity_result_not_delivered: {
    status: 502,
    description: 'The identity sandbox could not deliver its result to the identity callback.',
  },
  internal: { status: 500, description: 'Something went wrong on the server.' },
  unavailable: { status: 503, description: 'The service is briefly unavailable: retry after Retry-After seconds.' },
  identity_service_unavailable: { status: 503, description: 'The identity verification service cannot be reached.' },
  bank_verification_unavailable: { status: 503, description: 'The bank verification service cannot be reached.' },
  push_not_configured: { status: 503, description: 'Web push is not configured on this server.' },
} as const satisfies Record<string, ErrorCodeEntry>;

/** A code of the catalogue, e.g. `claim_state_conflict`. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Every code of the catalogue, in catalogue order (for enums in the document and tests). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** Whether `value` is a code of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The HTTP status of `code`. */
export function errorCodeStatus(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/**
 * Codes of single field problems, in an answer's `fieldCodes` (parallel to `errors`: the n-th code
 * of a field names its n-th message). A field problem a rule of a call finds (e.g. `otp_wrong`)
 * carries the catalogue code instead.
 */
export const FIELD_ERROR_CODES = {
  required: 'The field is missing or empty.',
  too_long: 'Longer than allowed (too many characters or items).',
  too_short: 'Shorter than allowed.',
  too_big: 'A number above the maximum.',
  too_small: 'A number below the minimum.',
  invalid_type: 'Of the wrong type (e.g. text where a number is expected).',
  invalid_format: 'Does not match the expected format (email, phone, date, pattern, ...).',
  invalid_value: 'Not one of the allowed values.',
  unknown_field: 'A field or query parameter the call does not know.',
  nul_character: 'Contains a NUL character.',
  invalid: 'Invalid for another reason (see the message).',
} as const;

/** A code of `FIELD_ERROR_CODES`. */
export type FieldErrorCode = keyof typeof FIELD_ERROR_CODES;

/** Values in `fieldCodes`: a field error code or, for a rule of the call, a catalogue code. */
export type FieldCode = FieldErrorCode | ErrorCode;
