import type {
  AdminClaimResponse,
  BulkClaimAssigneeResponse,
  ClaimAssigneeOptionsResponse,
  ClaimAssigneeResponse,
  ClaimAssignmentResponse,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Button, Card, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';
import { useAdminSession } from '../../lib/session-store';

/** What to reload after an assignment: the claims' pages, the queue, the dashboard. */
const assignmentQueries = (claimIds: number[]) => [
  ...claimIds.map((id) => `v1/benefits/claim/${id}`),
  'v1/benefits/claims',
  'v1/dashboard',
];

/** The signed-in staff user's id (for "Assign to me"). */
export function useMyUserId(): number | null {
  return useAdminSession((state) => state.user?.id ?? null);
}

/**
 * Gives claims to a staff user or to nobody: one claim through `POST benefits/claim/{id}/assignee`,
 * several through `POST benefits/claims/assignee` (at most 100, all or none).
 * @returns whether it worked (errors are shown as a notice)
 */
export async function assignClaims(claimIds: number[], userId: number | null, done: string): Promise<boolean> {
  const call =
    claimIds.length === 1
      ? api.post<ClaimAssignmentResponse>(`v1/benefits/claim/${claimIds[0]}/assignee`, { json: { userId } })
      : api.post<BulkClaimAssigneeResponse>('v1/benefits/claims/assignee', { json: { claimIds, userId } });
  return (await save<unknown>(call, { done, invalidate: assignmentQueries(claimIds) })) !== undefined;
}

/**
 * "Assign to…" (`claims.assign`): picks one of the staff users who can be given claims
 * (`GET benefits/claims/assignees`) and gives them the claims.
 */
export function AssignModal(props: { claimIds: number[]; onClose: (assigned: boolean) => void }) {
  const [userId, setUserId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const options = useQuery({
    queryKey: ['v1/benefits/claims/assignees'],
    queryFn: () => unwrap(api.get<ClaimAssigneeOptionsResponse>('v1/benefits/claims/assignees')),
  });
  const count = props.claimIds.length;
  const title = count === 1 ? 'Assign the claim' : `Assign ${count} claims`;
  const submit = async () => {
    if (!userId) return;
    setSaving(true);
    const done = await assignClaims(
      props.claimIds,
      Number(userId),
      count === 1 ? 'Claim assigned.' : 'Claims assigned.',
    );
    setSaving(false);
    if (done) props.onClose(true);
  };
  return (
    <Modal opened onClose={() => props.onClose(false)} title={title}>
      <Stack>
        <Select
          label="Staff member"
          placeholder={options.isPending ? 'Loading…' : 'Choose who works on it'}
          searchable
          data={(options.data?.items ?? []).map((option) => ({
            value: String(option.userId),
            label: `${option.name} (${option.email})`,
          }))}
          value={userId}
          onChange={setUserId}
          description="Only active staff who review claims can be given claims."
        />
        <Group justify="flex-end">
          <Button onClick={submit} disabled={!userId} loading={saving}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Who works on a claim, in words. */
export function assigneeText(assignee: ClaimAssigneeResponse | null, myId: number | null): string {
  if (!assignee) return 'Unassigned';
  return assignee.userId === myId ? `${assignee.name} (you)` : assignee.name;
}

/**
 * The claim's assignee (issue 36 item 4) with "Assign to me" (`claims.review`), "Assign to…"
 * (`claims.assign`) and "Unassign" (one's own claim, or anyone's with `claims.assign`).
 */
export function ClaimAssignee(props: { claim: AdminClaimResponse }) {
  const { claim } = props;
  const myId = useMyUserId();
  const canReview = useCan('claims.review');
  const canAssign = useCan('claims.assign');
  const [choosing, setChoosing] = useState(false);
  if (claim.status === 'draft') return null;
  const assignee = claim.assignee;
  const mine = assignee !== null && assignee.userId === myId;
  const canTake = canReview && !mine && (assignee === null || canAssign);
  const canRelease = assignee !== null && (mine ? canReview : canAssign);
  return (
    <Card withBorder component="section" aria-labelledby="assignee-title" padding="sm">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Title order={2} size="h5" id="assignee-title">
            Assignee
          </Title>
          <Text>{assigneeText(assignee, myId)}</Text>
          {assignee && (
            <Text size="xs" c="dimmed">
              Since {formatDateTime(assignee.assignedAt)}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {canTake && myId !== null && (
            <Button variant="light" onClick={() => assignClaims([claim.id], myId, 'The claim is yours.')}>
              Assign to me
            </Button>
          )}
          {canAssign && (
            <Button variant="default" onClick={() => setChoosing(true)}>
              Assign to…
            </Button>
          )}
          {canRelease && (
            <Button variant="subtle" color="gray" onClick={() => assignClaims([claim.id], null, 'Claim unassigned.')}>
              Unassign
            </Button>
          )}
        </Group>
      </Group>
      {choosing && <AssignModal claimIds={[claim.id]} onClose={() => setChoosing(false)} />}
    </Card>
  );
}
