import {
  ErrorResponse,
  IdentityVerificationResponse,
  IdentityVerificationUrlResponse,
  LoginRequest,
  MessageResponse,
  OtpSentResponse,
  ResetPasswordIdentifier,
  ResetPasswordRequest,
  ResetPasswordUserResponse,
  ResetTokenResponse,
  SessionResponse,
  VerifyOtpRequest,
  VerifyOtpResponse,
  VerifyResetPasswordOtpRequest,
} from '@bcp/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBeneficiary } from '../../platform/auth/route-access.js';
import { identifierKey, perAccount, perIdentifierAndIp, perIp } from '../../platform/http/rate-limit.js';
import {
  latestIdentityVerification,
  startIdentityVerification,
  toIdentityVerificationResponse,
} from '../identity-verifications/index.js';
import { findPersonUserByIdentifier } from '../person-users/index.js';
import {
  findResetDestination,
  requestPasswordReset,
  resetPassword,
  verifyPasswordResetOtp,
} from './password-reset.service.js';
import { resendSignInOtp, signIn, signOut, verifySignInOtp } from './sign-in.service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const tags = ['beneficiary sessions'];
const signedIn = { area: 'beneficiary', verified: true } as const;
const signingIn = { area: 'beneficiary', verified: false } as const;

/**
 * The member's sessions (spec 7, `/api/app/beneficiary-sessions/*` and the two
 * `/api/app/beneficiary-session/*` reset calls, spelled as the spec spells them).
 */
export const beneficiarySessionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** PIN, sign-in and reset limits hold even while Redis is down (issue 13 item 13). */
  const closed = { failClosed: true } as const;
  /** The account an ID number or email names, however it is typed (issue 13 item 8). */
  const resolveAccount = async (request: FastifyRequest) =>
    (await findPersonUserByIdentifier(app.db, identifierKey(request, 'identifier')))?.id.toString();
  /**
   * Sign-in: 60 a minute per IP before the body is read (members behind a carrier's shared address
   * must still get in), 5 a minute per account (README "Accounts and sessions").
   */
  const signInThrottles = [perIp(60, '1 minute', closed), perAccount(5, '1 minute', resolveAccount, closed)];
  const deps = () => ({ db: app.db, messenger: app.messenger, secret: app.config.appSecret as string });
  const meta = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/beneficiary-sessions/login',
    {
      config: { access: 'public', throttle: signInThrottles },
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with ID number or email and password; sends the sign-in PIN',
        description: 'Answers a new, unverified session token. 401 for any wrong combination; 5 tries a minute.',
        tags,
        body: LoginRequest,
        response: { 200: SessionResponse, ...errors },
      },
    },
    async (request) => signIn(deps(), request.body, meta(request)),
  );

  app.post(
    '/beneficiary-sessions/otp',
    {
      config: { access: signingIn, throttle: perIp(10, '1 minute', closed) },
      schema: {
        operationId: 'sendSignInPin',
        summary: 'Send a new sign-in PIN (no sooner than 60 s; at most 5 an hour)',
        tags,
        response: { 200: OtpSentResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => resendSignInOtp(deps(), requireBeneficiary(request)),
  );

  app.post(
    '/beneficiary-sessions/verifyOtp',
    {
      config: { access: signingIn, throttle: perIp(20, '1 minute', closed) },
      schema: {
        operationId: 'verifySignInPin',
        summary: 'Enter the sign-in PIN; the session becomes verified',
        tags,
        body: VerifyOtpRequest,
        response: { 200: VerifyOtpResponse, ...errors },
      },
    },
    async (request) => verifySignInOtp(deps(), requireBeneficiary(request), request.body.otp),
  );

  app.delete(
    '/beneficiary-sessions/logout',
    {
      config: { access: signingIn },
      schema: {
        operationId: 'signOut',
        summary: 'Log out: the token stops working',
        tags,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await signOut(deps(), requireBeneficiary(request));
      return { message: 'You are signed out.' };
    },
  );

  app.get(
    '/beneficiary-sessions/iidentifii',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'getIdentityCheckUrl',
        summary: 'The identity verification URL where the member proves who they are',
        tags,
        response: { 200: IdentityVerificationUrlResponse, 409: ErrorResponse, 503: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const { url } = await startIdentityVerification(
        { db: app.db, provider: app.identityProvider, config: app.config },
        requireBeneficiary(request).personUserId,
      );
      return { url };
    },
  );

  app.get(
    '/identity-verifications/latest',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'getLatestIdentityCheck',
        summary: "The member's latest identity check (null before the first), for the identity page",
        tags,
        response: { 200: IdentityVerificationResponse.nullable(), ...errors },
      },
    },
    async (request) => {
      const latest = await latestIdentityVerification(app.db, requireBeneficiary(request).personUserId);
      return latest ? toIdentityVerificationResponse(latest) : null;
    },
  );

  app.get(
    '/beneficiary-sessions/reset-password-user',
    {
      config: { access: 'public', throttle: [perIp(60, '1 hour', closed), perIdentifierAndIp(10, '1 hour', closed)] },
      schema: {
        operationId: 'getPasswordResetDestination',
        summary: 'Where a reset PIN would go, masked (the same answer shape for unknown accounts)',
        tags,
        querystring: ResetPasswordIdentifier,
        response: { 200: ResetPasswordUserResponse, ...errors },
      },
    },
    async (request) => findResetDestination(deps(), request.query.identifier),
  );

  app.post(
    '/beneficiary-sessions/reset-password-request',
    {
      config: {
        access: 'public',
        throttle: [perIp(60, '1 hour', closed), perAccount(5, '1 hour', resolveAccount, closed)],
      },
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Send a password reset PIN (the same answer for unknown accounts)',
        tags,
        body: ResetPasswordIdentifier,
        response: { 200: ResetPasswordUserResponse, ...errors },
      },
    },
    async (request) => requestPasswordReset(deps(), request.body.identifier),
  );

  app.post(
    '/beneficiary-session/verify-reset-password-otp',
    {
      config: {
        access: 'public',
        throttle: [perIp(60, '10 minutes', closed), perIdentifierAndIp(10, '10 minutes', closed)],
      },
      schema: {
        operationId: 'verifyPasswordResetPin',
        summary: 'Check the reset PIN; answers a 15-minute reset token',
        tags,
        body: VerifyResetPasswordOtpRequest,
        response: { 200: ResetTokenResponse, ...errors },
      },
    },
    async (request) => verifyPasswordResetOtp(deps(), request.body),
  );

  app.post(
    '/beneficiary-session/reset-password',
    {
      config: { access: 'public', throttle: perIp(10, '10 minutes', closed) },
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset token; ends every session of the member',
        tags,
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => resetPassword(deps(), request.body),
  );
};
