/**
 * The roles module's public file (issue 35 item 2): what other modules use of roles (giving staff
 * users roles without escalation, naming roles in the audit log, the demo roles).
 */
export {
  beyondGrantor,
  createRole,
  describeRolesById,
  findRoleIdByName,
  type Grantor,
  type Holding,
  loadGrantor,
  refuseEscalation,
} from './roles.service.js';
