import {
  ACCOUNT_MESSAGES,
  type OtpRequiredResponse,
  type PersonUserResponse,
  type TwoFactorMethodRequest,
} from '@bcp/contract';
import type { z } from 'zod';
import type { RiskConfig } from '../../config.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { issueOtp, maskDestination, type OtpDependencies, verifyOtp } from '../../platform/otp/otp.service.js';
import { reevaluateMemberClaims } from '../benefit-claims/index.js';
import { findPersonUserById, isEmailTaken, setTwoFactorContact, toPersonUserResponse } from '../person-users/index.js';

type TwoFactorInput = z.output<typeof TwoFactorMethodRequest>;

export type TwoFactorMethodResult =
  | { status: 200; personUser: PersonUserResponse }
  | { status: 202; body: OtpRequiredResponse };

/**
 * Changes how the member receives PINs and messages (spec 2 "Notification Settings", spec 5, spec 7
 * `PUT person-users/{id}/twoFactorMethod`). A destination already proven by a PIN applies at once;
 * a new one first gets a PIN (answer 202), and applies when the same call is repeated with `otp`.
 * The old destination is told about the change. A changed email or number is audited
 * (`person-users.contact_changed`) and the member's claims in progress get their risk signals
 * evaluated again (issue 36 item 3: details changed just before a claim).
 * @throws AppError `not_found` (404) for another member's id; `validation` (422) for an email of
 *   another account or a wrong PIN; `throttled` (429) when the new destination had a PIN too recently
 */
export async function updateTwoFactorMethod(
  deps: OtpDependencies & { risk: RiskConfig },
  personUserId: number,
  input: TwoFactorInput,
): Promise<TwoFactorMethodResult> {
  const { db } = deps;
  const user = await findPersonUserById(db, personUserId);
  if (!user) throw new AppError('not_found', 'Not found.');
  const channel = input.twoFactorMethod;
  const destination = (channel === 'EMAIL' ? input.email : input.phoneNumber) as string;

  if (channel === 'EMAIL') {
    if (await isEmailTaken(db, destination, user.id))
      throw new AppError(
        'validation',
        ACCOUNT_MESSAGES.emailInUse,
        { email: [ACCOUNT_MESSAGES.emailInUse] },
        { code: 'email_in_use' },
      );
  }
  const proven =
    channel === 'EMAIL'
      ? user.email === destination && user.emailVerifiedAt !== null
      : user.phoneNumber === destination && user.phoneVerifiedAt !== null;
  const subject = { purpose: 'destination_change', area: 'beneficiary', subjectId: user.id } as const;

  if (!proven && !input.otp) {
    const otp = await issueOtp(deps, subject, { channel, destination });
    return {
      status: 202,
      body: { otpRequired: true, message: `We sent a PIN to ${otp.destination}. Enter it to confirm.`, otp },
    };
  }
  if (!proven && input.otp) {
    const confirmed = await verifyOtp(deps, subject, input.otp);
    if (confirmed.destination !== destination || confirmed.channel !== channel) {
      throw new AppError(
        'validation',
        ACCOUNT_MESSAGES.otpRequired,
        { otp: [ACCOUNT_MESSAGES.otpRequired] },
        { code: 'otp_required' },
      );
    }
  }

  const now = new Date();
  await setTwoFactorContact(
    db,
    user.id,
    channel === 'EMAIL'
      ? { twoFactorMethod: channel, email: destination, emailVerifiedAt: proven ? user.emailVerifiedAt : now }
      : { twoFactorMethod: channel, phoneNumber: destination, phoneVerifiedAt: proven ? user.phoneVerifiedAt : now },
  );
  const field = channel === 'EMAIL' ? 'email' : 'phoneNumber';
  if (user[field] !== destination) {
    await recordAudit(db, {
      actor: { type: 'member', id: user.id },
      action: 'person-users.contact_changed',
      entityType: 'person-users',
      entityId: user.id,
      before: { [field]: user[field] },
      after: { [field]: destination },
    });
    await reevaluateMemberClaims(deps, user.id);
  }

  const previous = user.twoFactorMethod === 'EMAIL' ? user.email : user.phoneNumber;
  if (previous && previous !== destination) {
    await deps.messenger.send({
      channel: user.twoFactorMethod === 'EMAIL' ? 'email' : 'sms',
      destination: previous,
      purpose: 'account.contact_changed',
      subject: 'Your contact details were changed',
      text: `Your Benefit Finder PINs and messages now go to ${maskDestination(channel, destination)}. If you did not do this, reset your password now.`,
      recipient: { area: 'beneficiary', id: user.id },
    });
  }
  const updated = await findPersonUserById(db, user.id);
  if (!updated) throw new Error('person user vanished');
  return { status: 200, personUser: toPersonUserResponse(updated) };
}
