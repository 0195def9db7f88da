import { z } from 'zod';
import { zEmail, zRequiredString } from '../rules/zod-rules.js';
import { zOptionalPhoneNumber, zTwoFactorMethod } from './accounts.js';
import { listQuery, listResponse, zQueryBoolean, zQueryId } from './lists.js';

/** A staff user as the back office sees it (spec 7 `users*`). */
export const StaffUserResponse = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    /** E.164, or null. */
    phoneNumber: z.string().nullable(),
    twoFactorMethod: zTwoFactorMethod,
    /** Inactive users cannot sign in; deactivating ends their sessions. */
    active: z.boolean(),
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** ISO 8601, or null before the first sign-in. */
    lastSignInAt: z.string().nullable(),
    /** ISO 8601. */
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'StaffUserResponse' });
export type StaffUserResponse = z.infer<typeof StaffUserResponse>;

const zName = () => zRequiredString(120);
const zRoleIds = () => z.array(z.number().int().min(1)).max(50);

/**
 * `POST /api/v1/users`. The new user gets an email with a link to set their password (valid 72
 * hours); nobody else ever knows it. The PIN goes by `twoFactorMethod` (SMS needs `phoneNumber`).
 */
export const CreateStaffUserRequest = z
  .object({
    email: zEmail().transform((value) => value.toLowerCase()),
    name: zName(),
    phoneNumber: zOptionalPhoneNumber(),
    twoFactorMethod: zTwoFactorMethod.default('EMAIL'),
    roleIds: zRoleIds().default([]),
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.twoFactorMethod === 'SMS' && !value.phoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'Field is required' });
    }
  })
  .meta({ id: 'CreateStaffUserRequest' });
export type CreateStaffUserRequest = z.input<typeof CreateStaffUserRequest>;

/** `PATCH /api/v1/users/{id}`: only the fields given change; `roleIds` replaces the user's roles. */
export const UpdateStaffUserRequest = z
  .object({
    email: zEmail()
      .transform((value) => value.toLowerCase())
      .optional(),
    name: zName().optional(),
    phoneNumber: zOptionalPhoneNumber().nullable(),
    twoFactorMethod: zTwoFactorMethod.optional(),
    roleIds: zRoleIds().optional(),
    active: z.boolean().optional(),
  })
  .meta({ id: 'UpdateStaffUserRequest' });
export type UpdateStaffUserRequest = z.input<typeof UpdateStaffUserRequest>;

/** `GET /api/v1/users` query: search email and name; filter by active flag and role. */
export const StaffUserListQuery = listQuery({
  sort: ['id', 'email', 'name', 'createdAt', 'lastSignInAt'],
  defaultSort: [{ field: 'email', direction: 'asc' }],
  filter: { active: zQueryBoolean().optional(), roleId: zQueryId().optional() },
});

export const StaffUserListResponse = listResponse(StaffUserResponse).meta({ id: 'StaffUserListResponse' });
