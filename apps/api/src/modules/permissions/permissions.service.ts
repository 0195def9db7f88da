import { isPermission, type ListQuery, type ListResponse, type PermissionResponse } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage } from '../../platform/lists/list-page.js';
import {
  countPermissions,
  deletePermissionRecord,
  findPermissionRecord,
  listPermissionsWithRoleCounts,
  type PermissionWithRoleCount,
  roleNamesGivingPermission,
} from '../../platform/rbac/permissions-store.js';

export const PERMISSION_MESSAGES = {
  notFound: 'No such permission.',
  inCode: 'This permission is still in the code (packages/contract PERMISSIONS): remove it there first.',
  inUse: (roleNames: string[]) =>
    `This permission is still given to roles: ${roleNames.join(', ')}. Take it from them first.`,
} as const;

function toResponse(row: PermissionWithRoleCount): PermissionResponse {
  const [resource = '', action = ''] = row.name.split('.');
  return { id: row.id, name: row.name, resource, action, inCode: isPermission(row.name), roleCount: row.roleCount };
}

/** Permissions the server knows (spec 7 `GET permissions`), with whether the code still has each. */
export async function listPermissions(
  db: Database,
  query: ListQuery<'id' | 'name'>,
): Promise<ListResponse<PermissionResponse>> {
  return listPage(query, {
    rows: (window) => listPermissionsWithRoleCounts(db, query, window),
    count: async () => countPermissions(db, query.q),
    toItem: toResponse,
  });
}

/**
 * Deletes a permission the code no longer has and no role gives (spec 7 `DELETE permissions/{id}`);
 * audited `permissions.deleted`.
 * @throws AppError `not_found` (404); `conflict` (409) still in the code, or still given to roles (named)
 */
export async function deletePermission(db: Database, id: number, context: AuditContext): Promise<void> {
  const row = await findPermissionRecord(db, id);
  if (!row) throw new AppError('not_found', PERMISSION_MESSAGES.notFound);
  if (isPermission(row.name)) throw new AppError('conflict', PERMISSION_MESSAGES.inCode);
  const holders = await roleNamesGivingPermission(db, id);
  if (holders.length > 0) throw new AppError('conflict', PERMISSION_MESSAGES.inUse(holders));
  await db.transaction(async (tx) => {
    await deletePermissionRecord(tx, id);
    await recordAudit(tx, {
      ...context,
      action: 'permissions.deleted',
      entityType: 'permissions',
      entityId: id,
      before: { name: row.name },
    });
  });
}
