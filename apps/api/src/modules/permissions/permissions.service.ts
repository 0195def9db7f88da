import { isPermission, type ListQuery, type ListResponse, type PermissionResponse } from '@bcp/contract';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions, roles } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage, orderBy, searchCondition } from '../../platform/lists/list-page.js';

export const PERMISSION_MESSAGES = {
  notFound: 'No such permission.',
  inCode: 'This permission is still in the code (packages/contract PERMISSIONS): remove it there first.',
  inUse: (roleNames: string[]) =>
    `This permission is still given to roles: ${roleNames.join(', ')}. Take it from them first.`,
} as const;

type PermissionRow = { id: number; name: string; roleCount: number };

function toResponse(row: PermissionRow): PermissionResponse {
  const [resource = '', action = ''] = row.name.split('.');
  return { id: row.id, name: row.name, resource, action, inCode: isPermission(row.name), roleCount: row.roleCount };
}

/** Permissions the server knows (spec 7 `GET permissions`), with whether the code still has each. */
export async function listPermissions(
  db: Database,
  query: ListQuery<'id' | 'name'>,
): Promise<ListResponse<PermissionResponse>> {
  const where = searchCondition(query.q, [permissions.name]);
  const columns = { id: permissions.id, name: permissions.name };
  return listPage(query, {
    rows: (window) =>
      db
        .select({ id: permissions.id, name: permissions.name, roleCount: count(rolePermissions.roleId) })
        .from(permissions)
        .leftJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
        .where(where)
        .groupBy(permissions.id, permissions.name)
        .orderBy(...orderBy(query.sort, columns, permissions.id))
        .limit(window.limit)
        .offset(window.offset),
    count: async () => db.$count(permissions, where),
    toItem: toResponse,
  });
}

/**
 * Deletes a permission the code no longer has and no role gives (spec 7 `DELETE permissions/{id}`);
 * audited `permissions.deleted`.
 * @throws AppError `not_found` (404); `conflict` (409) still in the code, or still given to roles (named)
 */
export async function deletePermission(db: Database, id: number, context: AuditContext): Promise<void> {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id));
  if (!row) throw new AppError('not_found', PERMISSION_MESSAGES.notFound);
  if (isPermission(row.name)) throw new AppError('conflict', PERMISSION_MESSAGES.inCode);
  const holders = await db
    .select({ name: roles.name })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(eq(rolePermissions.permissionId, id));
  if (holders.length > 0)
    throw new AppError('conflict', PERMISSION_MESSAGES.inUse(holders.map((holder) => holder.name)));
  await db.transaction(async (tx) => {
    await tx.delete(permissions).where(eq(permissions.id, id));
    await recordAudit(tx, {
      ...context,
      action: 'permissions.deleted',
      entityType: 'permissions',
      entityId: id,
      before: { name: row.name },
    });
  });
}
