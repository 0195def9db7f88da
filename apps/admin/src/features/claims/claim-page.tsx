import type { AdminClaimResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Anchor, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { ClaimStatusBadge } from '../../components/claim-status';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { ClaimActions } from './claim-actions';
import { ClaimApprovalChecks } from './claim-approval';
import { ClaimAssignee } from './claim-assignee';
import { ClaimBank } from './claim-bank';
import { ClaimChecklist } from './claim-checklist';
import { ClaimDocuments } from './claim-documents';
import { ClaimFastTrack } from './claim-fast-track';
import { ClaimInformationRequests } from './claim-information';
import { AssistedClaimNotice, ClaimMember } from './claim-member';
import { ClaimRiskFlags } from './claim-risk';
import { ClaimPayout, ClaimTimeline } from './claim-timeline';

/**
 * One claim for review (`GET benefits/claim/{id}`, every view audited): the member (ID masked until
 * revealed), the approval checks and four-eyes state (issue 36), the fast-track rule's evaluation
 * (issue 21 item 2), the benefit and its source row,
 * documents in place, the bank match, the fund's
 * checklist with each step's log, payout, timeline, and the moves the user's permissions allow;
 * the assignee with "Assign to me" / "Assign to…" / "Unassign" and the risk flags (issue 36 items 3-4).
 */
export default function ClaimPage() {
  const { id } = useParams<{ id: string }>();
  const claim = useQuery({
    queryKey: [`v1/benefits/claim/${id}`],
    queryFn: () => unwrap(api.get<AdminClaimResponse>(`v1/benefits/claim/${id}`)),
  });
  if (claim.isPending) return <Loader aria-label="Loading the claim" />;
  if (!claim.data) {
    return (
      <Alert color="red" role="alert">
        This claim could not be loaded.
      </Alert>
    );
  }
  const data = claim.data;
  return (
    <Stack>
      <Anchor component={Link} href="/claims" size="sm">
        ← Claims
      </Anchor>
      <PageHeader title={`Claim ${data.id}: ${data.claimant.firstName} ${data.claimant.lastName}`}>
        <ClaimStatusBadge status={data.status} />
      </PageHeader>
      <ClaimActions claim={data} />
      <ClaimAssignee claim={data} />
      <ClaimRiskFlags claim={data} />
      <AssistedClaimNotice claim={data} />
      <ClaimApprovalChecks claim={data} />
      <ClaimFastTrack claim={data} />
      <ClaimMember claim={data} />
      <ClaimInformationRequests claim={data} />
      <ClaimDocuments claim={data} />
      <ClaimChecklist claim={data} />
      <SimpleGrid cols={2}>
        <ClaimBank claim={data} />
        <Stack>
          <ClaimPayout claim={data} />
          <ClaimTimeline claim={data} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
