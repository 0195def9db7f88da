import { z } from 'zod';
import { PERMISSIONS } from '../permissions.js';
import { zRequiredString } from '../rules/zod-rules.js';
import { listQuery, listResponse } from './lists.js';

export const zPermission = () => z.enum(PERMISSIONS, { error: 'Not a known permission.' });

/** A role and the permissions it gives (spec 7 `roles*`). */
export const RoleResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    /** The super-admin role holds every permission; it cannot be changed or deleted. */
    superAdmin: z.boolean(),
    permissions: z.array(z.enum(PERMISSIONS)),
    /** Staff users holding the role. */
    userCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'RoleResponse' });
export type RoleResponse = z.infer<typeof RoleResponse>;

/** `POST /api/v1/roles`. */
export const CreateRoleRequest = z
  .object({
    name: zRequiredString(80),
    description: z.string().max(500).default(''),
    permissions: z.array(zPermission()).max(200).default([]),
  })
  .meta({ id: 'CreateRoleRequest' });
export type CreateRoleRequest = z.input<typeof CreateRoleRequest>;

/** `PATCH /api/v1/roles/{id}`: only the fields given change; `permissions` replaces the role's. */
export const UpdateRoleRequest = z
  .object({
    name: zRequiredString(80).optional(),
    description: z.string().max(500).optional(),
    permissions: z.array(zPermission()).max(200).optional(),
  })
  .meta({ id: 'UpdateRoleRequest' });
export type UpdateRoleRequest = z.input<typeof UpdateRoleRequest>;

export const RoleListQuery = listQuery({
  sort: ['id', 'name', 'createdAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filter: {},
});
export const RoleListResponse = listResponse(RoleResponse).meta({ id: 'RoleListResponse' });

/** A permission as the server knows it (spec 7 `permissions`). */
export const PermissionResponse = z
  .object({
    id: z.number().int(),
    /** `<resource>.<action>` */
    name: z.string(),
    resource: z.string(),
    action: z.string(),
    /** False for a permission the code no longer has: only those can be deleted. */
    inCode: z.boolean(),
    /** Roles giving it. */
    roleCount: z.number().int(),
  })
  .meta({ id: 'PermissionResponse' });
export type PermissionResponse = z.infer<typeof PermissionResponse>;

export const PermissionListQuery = listQuery({
  sort: ['id', 'name'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filter: {},
});
export const PermissionListResponse = listResponse(PermissionResponse).meta({ id: 'PermissionListResponse' });
