import type { DashboardResponse } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { hasPermission, type StaffAccess } from '../../platform/rbac/staff-access.js';
import { claimFigures, fundFigures, taskFigures, uploadsAwaitingAcceptance } from '../../queries/dashboard.js';

export { workingDaysBefore } from '../../queries/dashboard.js';

/**
 * The dashboard's figures for one staff user (issue 19; `GET /api/v1/dashboard`): each part only
 * when `access` holds its permission (see `DashboardResponse`). Months and working days are South
 * African (UTC+2); amounts are the benefits' gross amounts in cents.
 */
export async function readDashboard(db: Database, access: StaffAccess, now = new Date()): Promise<DashboardResponse> {
  const can = (permission: Parameters<typeof hasPermission>[1]) => hasPermission(access, permission);
  return {
    claims: can('benefits.read') ? await claimFigures(db, now) : null,
    funds: can('benefits.read') ? await fundFigures(db) : null,
    uploads: can('file-uploads.read') ? { awaitingAcceptance: await uploadsAwaitingAcceptance(db) } : null,
    tasks: can('tasks.read') ? await taskFigures(db, access.userId) : null,
    generatedAt: now.toISOString(),
  };
}
