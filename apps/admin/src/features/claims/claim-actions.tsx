import { type AdminClaimResponse, ClaimDecisionRequest, type FundResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { checkRequest } from '../../lib/form';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';
import { InformationRequestModal } from './claim-information';

type Decision = 'approved' | 'rejected' | 'paid';

const DECISION_TEXT: Record<Decision, { title: string; button: string; done: string; color: string }> = {
  approved: { title: 'Approve the claim', button: 'Approve claim', done: 'Claim approved.', color: 'teal' },
  rejected: { title: 'Reject the claim', button: 'Reject claim', done: 'Claim rejected.', color: 'red' },
  paid: { title: 'Mark the claim paid', button: 'Mark paid', done: 'Claim marked paid.', color: 'green' },
};

/** What the claim lists reload after a move. */
function invalidated(claim: AdminClaimResponse): string[] {
  return [`v1/benefits/claim/${claim.id}`, 'v1/benefits/claims', 'v1/dashboard'];
}

/**
 * A decision (`POST benefits/claim/{id}/decision`): approving asks for the override reason when
 * the bank match failed, rejecting for the reason the member reads, paying for the reference.
 */
function DecisionModal(props: { claim: AdminClaimResponse; decision: Decision; onClose: () => void }) {
  const text = DECISION_TEXT[props.decision];
  const needsOverride = props.decision === 'approved' && props.claim.bankMatch?.status === 'failed';
  const form = useForm({
    initialValues: { decision: props.decision, reason: '', paymentReference: '', bankMatchOverrideReason: '' },
  });
  const submit = form.onSubmit(async (values) => {
    // Fields left empty are not sent (an empty override reason would be too short, not absent).
    const json = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    const body = checkRequest(ClaimDecisionRequest, json, form);
    if (!body) return;
    const done = await save(api.post(`v1/benefits/claim/${props.claim.id}/decision`, { json: body }), {
      done: text.done,
      invalidate: invalidated(props.claim),
      form,
    });
    if (done) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title={text.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {props.decision === 'rejected' && (
            <Textarea
              label="Reason (the member reads it)"
              required
              autosize
              minRows={3}
              {...form.getInputProps('reason')}
            />
          )}
          {props.decision === 'paid' && (
            <TextInput label="Payment reference" required {...form.getInputProps('paymentReference')} />
          )}
          {needsOverride && (
            <Textarea
              label="Why approve although the bank match failed"
              required
              autosize
              minRows={2}
              {...form.getInputProps('bankMatchOverrideReason')}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" color={text.color} loading={form.submitting}>
              {text.button}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The moves the user may make on the claim now: "Start review" (`claims.review`, submitted),
 * "Request more information" (`claims.review`, submitted or in review; issue 21 item 1);
 * approve, reject (`claims.approve`, submitted or in review) and mark paid (approved), only for a
 * fund without a connected administrator (who decides through the partner API).
 */
export function ClaimActions(props: { claim: AdminClaimResponse }) {
  const { claim } = props;
  const canReview = useCan('claims.review');
  const canApprove = useCan('claims.approve');
  const canReadFunds = useCan('funds.read');
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [asking, setAsking] = useState(false);
  const fund = useQuery({
    queryKey: ['v1/funds', String(claim.benefit.fund.id)],
    queryFn: () => unwrap(api.get<FundResponse>(`v1/funds/${claim.benefit.fund.id}`)),
    enabled: canApprove && canReadFunds,
  });
  const administrator = fund.data?.administrator ?? null;
  const open = claim.status === 'submitted' || claim.status === 'in_review';
  const startReview = () =>
    save(api.post(`v1/benefits/claim/${claim.id}/review`), { done: 'Review started.', invalidate: invalidated(claim) });
  return (
    <>
      <Group gap="xs">
        {canReview && claim.status === 'submitted' && <Button onClick={startReview}>Start review</Button>}
        {canReview && open && (
          <Button variant="default" onClick={() => setAsking(true)}>
            Request more information
          </Button>
        )}
        {canApprove && !administrator && (
          <>
            {claim.status === 'in_review' && (
              <Button color="teal" onClick={() => setDeciding('approved')}>
                Approve
              </Button>
            )}
            {open && (
              <Button color="red" variant="light" onClick={() => setDeciding('rejected')}>
                Reject
              </Button>
            )}
            {claim.status === 'approved' && (
              <Button color="green" onClick={() => setDeciding('paid')}>
                Mark paid
              </Button>
            )}
          </>
        )}
      </Group>
      {canApprove && administrator && open && (
        <Alert color="blue" mt="xs">
          {administrator.name} decides this fund’s claims through the partner API.
        </Alert>
      )}
      {asking && <InformationRequestModal claim={claim} onClose={() => setAsking(false)} />}
      {deciding && <DecisionModal claim={claim} decision={deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}
