import type { CreateStaffUserRequest, StaffUserResponse } from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { AuditContext } from '../../platform/audit/audit.service.js';
import type { Messenger } from '../../platform/messaging/messenger.js';
import { sendPasswordLink } from './password-link.service.js';
import { createStaffUser, toStaffUserResponse } from './users.service.js';

/**
 * Creates a staff user (spec 7 `POST users`, audited `users.created`) and emails them a link to
 * set their password, valid 72 hours. Nobody else ever knows the password.
 * @throws AppError `validation` (422) email in use, unknown role
 */
export async function inviteStaffUser(
  deps: { db: Database; messenger: Messenger; publicUrl: string },
  input: z.output<typeof CreateStaffUserRequest>,
  context: AuditContext,
): Promise<StaffUserResponse> {
  const user = await createStaffUser(deps.db, input, context);
  await sendPasswordLink(deps, user, 'invite');
  return toStaffUserResponse(deps.db, user);
}
