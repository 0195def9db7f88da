import type { FastifyRequest } from 'fastify';
import type { AuditContext } from './audit.service.js';

/**
 * Who is acting in a request, for `recordAudit`: the signed-in staff user (label: their email),
 * else the signed-in member, else `system`; with the client IP. Routes pass it to services:
 * `updateFund(app.db, id, request.body, auditContext(request))`.
 */
export function auditContext(request: FastifyRequest): AuditContext {
  if (request.staff) {
    return { actor: { type: 'staff', id: request.staff.userId, label: request.staff.email }, ip: request.ip };
  }
  if (request.beneficiary) return { actor: { type: 'member', id: request.beneficiary.personUserId }, ip: request.ip };
  return { actor: { type: 'system' }, ip: request.ip };
}
