import { PERMISSIONS, SUPER_ADMIN_ROLE } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { permissions, roles } from '../../db/schema/rbac.js';

/**
 * Copies the code's permission list (packages/contract `PERMISSIONS`) into the `permissions` table
 * and makes sure the super-admin role exists (decision 009). Idempotent and safe when several
 * processes start at once (inserts that already exist are skipped). Permissions the code no
 * longer has stay until `DELETE permissions/{id}` removes them. Runs when the server is ready.
 */
export async function syncPermissions(db: Database): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing({ target: permissions.name });
  await db
    .insert(roles)
    .values({ name: SUPER_ADMIN_ROLE, description: 'Every permission, now and later.', superAdmin: true })
    .onConflictDoNothing({ target: roles.name });
}
