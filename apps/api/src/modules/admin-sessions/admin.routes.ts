import {
  ErrorResponse,
  MessageResponse,
  OtpSentResponse,
  ResetUrlParams,
  ResetUrlResponse,
  STAFF_SESSION_MESSAGES,
  StaffLoginRequest,
  StaffMeResponse,
  StaffResetPasswordRequest,
  StaffSessionResponse,
  StaffSetPasswordRequest,
  StaffVerifyOtpRequest,
  StaffVerifyOtpResponse,
} from '@bcp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../platform/audit/audit-context.js';
import { requireStaff } from '../../platform/auth/route-access.js';
import { perAccount, perIp } from '../../platform/http/rate-limit.js';
import { requestStaffPasswordReset, setStaffPassword, verifyStaffResetUrl } from './password-reset.service.js';
import { describeSignedInStaff, resendStaffOtp, signInStaff, signOutStaff, verifyStaffOtp } from './sign-in.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const tags = ['admin sessions'];
/** The session's own sign-in steps: any live staff session, before or after its PIN. */
const ownSession = { area: 'admin', session: 'signing-in' } as const;

/**
 * Staff sign-in (spec 7 `/api/v1/admin-sessions/*`, issue 6): password, then a PIN by the user's
 * method; password links by email; logout. Sessions are area `admin` (30 minutes idle, 12 hours).
 */
export const adminSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** PIN, sign-in and reset limits hold even while Redis is down (issue 13 item 13). */
  const closed = { failClosed: true } as const;
  const deps = () => ({ db: app.db, messenger: app.messenger, secret: app.config.appSecret as string });
  const linkDeps = () => ({ db: app.db, messenger: app.messenger, publicUrl: app.config.publicUrl });

  app.post(
    '/admin-sessions/login',
    {
      config: {
        access: 'public',
        throttle: [perIp(60, '1 minute', closed), perAccount(5, '1 minute', undefined, { ...closed, field: 'email' })],
      },
      schema: {
        operationId: 'signInStaff',
        summary: 'Staff sign-in with email and password; sends the sign-in PIN',
        description:
          'Answers a new, unverified admin session token; nothing but `otp`, `otp/verify` and `logout` works with it ' +
          'until the PIN is entered. 401 for any wrong combination (audited); 5 tries a minute per email and IP.',
        tags,
        body: StaffLoginRequest,
        response: { 200: StaffSessionResponse, ...errors },
      },
    },
    async (request) => signInStaff(deps(), request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/admin-sessions/otp',
    {
      config: { access: ownSession, throttle: perIp(10, '1 minute', closed) },
      schema: {
        operationId: 'sendStaffSignInPin',
        summary: 'Send a new sign-in PIN (no sooner than 60 s; at most 5 an hour)',
        tags,
        response: { 200: OtpSentResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => resendStaffOtp(deps(), requireStaff(request)),
  );

  app.post(
    '/admin-sessions/otp/verify',
    {
      config: { access: ownSession, throttle: perIp(20, '1 minute', closed) },
      schema: {
        operationId: 'verifyStaffSignInPin',
        summary: 'Enter the sign-in PIN; the session becomes verified',
        description: 'Answers the user with roles and permissions. 5 wrong PINs kill the PIN.',
        tags,
        body: StaffVerifyOtpRequest,
        response: { 200: StaffVerifyOtpResponse, ...errors },
      },
    },
    async (request) => verifyStaffOtp(deps(), requireStaff(request), request.body.otp, auditContext(request)),
  );

  app.get(
    '/admin-sessions/me',
    {
      config: { access: { area: 'admin', session: 'verified' } },
      schema: {
        operationId: 'getMyStaffAccount',
        summary: 'The signed-in staff user, with roles and every permission held now',
        description:
          'The back office reads it at start and after a reload (issue 19): permissions are read now, so a role ' +
          'changed since sign-in shows at once. Any staff session past its PIN; 403 before it.',
        tags,
        response: { 200: StaffMeResponse, ...errors },
      },
    },
    async (request) => describeSignedInStaff(app.db, requireStaff(request)),
  );

  app.delete(
    '/admin-sessions/logout',
    {
      config: { access: ownSession },
      schema: {
        operationId: 'signOutStaff',
        summary: 'Log out: the token stops working',
        tags,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await signOutStaff(deps(), requireStaff(request), auditContext(request));
      return { message: STAFF_SESSION_MESSAGES.signedOut };
    },
  );

  app.post(
    '/admin-sessions/reset-password-request',
    {
      config: {
        access: 'public',
        throttle: [perIp(60, '1 hour', closed), perAccount(5, '1 hour', undefined, { ...closed, field: 'email' })],
      },
      schema: {
        operationId: 'requestStaffPasswordReset',
        summary: 'Email a link to set a new password (the same answer for unknown emails)',
        description: 'The link carries a random token, valid 60 minutes, single use, built on PUBLIC_URL.',
        tags,
        body: StaffResetPasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => requestStaffPasswordReset(linkDeps(), request.body.email),
  );

  app.get(
    '/admin-sessions/verify-reset-url/:token',
    {
      config: { access: 'public', throttle: perIp(20, '10 minutes', closed) },
      schema: {
        operationId: 'checkStaffPasswordLink',
        summary: "Check a password link's token (without using it)",
        description: '422 with `errors.token` for an unknown, used or expired token.',
        tags,
        params: ResetUrlParams,
        response: { 200: ResetUrlResponse, ...errors },
      },
    },
    async (request) => verifyStaffResetUrl(app.db, request.params.token),
  );

  app.post(
    '/admin-sessions/reset-password',
    {
      config: { access: 'public', throttle: perIp(10, '10 minutes', closed) },
      schema: {
        operationId: 'resetStaffPassword',
        summary: "Set a new password with a link's token; ends every session of the user",
        description:
          'Also how a new staff user sets their first password (the invitation link). 422 with `errors.token` ' +
          'for an unknown, used or expired token.',
        tags,
        body: StaffSetPasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => setStaffPassword(linkDeps(), request.body, auditContext(request)),
  );
};
