import { z } from 'zod';
import { AdminClaimSummaryResponse } from './admin-benefits.js';
import { ClaimAssigneeResponse } from './claim-assignment.js';
import { cursorListResponse } from './lists.js';

/**
 * A claim in the staff queue (`GET benefits/claims`): the summary partners also get, with the
 * number of risk flags and the assignee (staff only).
 */
export const AdminClaimQueueItemResponse = AdminClaimSummaryResponse.extend({
  riskFlagCount: z.number().int(),
  assignee: ClaimAssigneeResponse.nullable(),
}).meta({ id: 'AdminClaimQueueItemResponse' });
export type AdminClaimQueueItemResponse = z.infer<typeof AdminClaimQueueItemResponse>;

export const AdminClaimQueueResponse = cursorListResponse(AdminClaimQueueItemResponse).meta({
  id: 'AdminClaimQueueResponse',
});
export type AdminClaimQueueResponse = z.infer<typeof AdminClaimQueueResponse>;
