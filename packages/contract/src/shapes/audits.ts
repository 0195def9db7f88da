import { z } from 'zod';
import { listQuery, listResponse } from './lists.js';

/** One row of the audit trail (`GET .../{id}/audits`), newest first. */
export const AuditEventResponse = z
  .object({
    id: z.number().int(),
    /** ISO 8601, UTC. */
    occurredAt: z.string(),
    actor: z.object({
      /** `staff` | `member` | `partner` | `system` */
      type: z.string(),
      id: z.number().int().nullable(),
      /** e.g. the staff user's email at the time. */
      label: z.string().nullable(),
    }),
    /** `<entity>.<verb>`, e.g. `users.updated`, `staff.sign_in_failed`. */
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    /** The changed fields before and after; secrets never appear. */
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEventResponse' });
export type AuditEventResponse = z.infer<typeof AuditEventResponse>;

export const AuditListQuery = listQuery({
  sort: ['id'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: { action: z.string().max(80).optional() },
});
export const AuditListResponse = listResponse(AuditEventResponse).meta({ id: 'AuditListResponse' });
