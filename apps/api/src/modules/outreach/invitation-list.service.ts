import type { InvitationListQuery, InvitationResponse, ListResponse } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { listFundInvitations } from '../../queries/outreach-invitations.js';
import { findFund } from '../funds/index.js';

/**
 * A fund's invitations and what came of each (`GET funds/{id}/outreach/invitations`, issue 17):
 * the channel, the destination masked, when, the delivery as the outbox says, whether the person
 * opted out and when they signed up (if after it). The one list envelope; filters `channel`,
 * `delivery`.
 * @throws AppError 404 unknown fund
 */
export async function listInvitations(
  db: Database,
  fundId: number,
  query: InvitationListQuery,
): Promise<ListResponse<InvitationResponse>> {
  await findFund(db, fundId);
  return listFundInvitations(db, fundId, query);
}
