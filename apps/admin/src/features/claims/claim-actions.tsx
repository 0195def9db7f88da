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
import { ApproveModal, claimQueries, SendBackModal } from './claim-approval';
import { InformationRequestModal } from './claim-information';

type Decision = 'rejected' | 'paid';

const DECISION_TEXT: Record<Decision, { title: string; button: string; done: string; color: string }> = {
  rejected: { title: 'Reject the claim', button: 'Reject claim', done: 'Claim rejected.', color: 'red' },
  paid: { title: 'Mark the claim paid', button: 'Mark paid', done: 'Claim marked paid.', color: 'green' },
};

/**
 * A decision (`POST benefits/claim/{id}/decision`): rejecting asks for the reason the member reads,
 * paying for the reference (approving has its own dialog, `ApproveModal`).
 */
function DecisionModal(props: { claim: AdminClaimResponse; decision: Decision; onClose: () => void }) {
  const text = DECISION_TEXT[props.decision];
  const form = useForm({ initialValues: { decision: props.decision, reason: '', paymentReference: '' } });
  const submit = form.onSubmit(async (values) => {
    // Fields left empty are not sent.
    const json = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    const body = checkRequest(ClaimDecisionRequest, json, form);
    if (!body) return;
    const done = await save(api.post(`v1/benefits/claim/${props.claim.id}/decision`, { json: body }), {
      done: text.done,
      invalidate: claimQueries(props.claim),
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
 * approve (in review; the second approval or sending the first back when one was given, issue 36
 * item 2), reject (`claims.approve`, submitted or in review) and mark paid (approved), only for a
 * fund without a connected administrator (who decides through the partner API).
 */
export function ClaimActions(props: { claim: AdminClaimResponse }) {
  const { claim } = props;
  const canReview = useCan('claims.review');
  const canApprove = useCan('claims.approve');
  const canReadFunds = useCan('funds.read');
  const [deciding, setDeciding] = useState<Decision | 'approved' | 'send-back' | null>(null);
  const [asking, setAsking] = useState(false);
  const fund = useQuery({
    queryKey: ['v1/funds', String(claim.benefit.fund.id)],
    queryFn: () => unwrap(api.get<FundResponse>(`v1/funds/${claim.benefit.fund.id}`)),
    enabled: canApprove && canReadFunds,
  });
  const administrator = fund.data?.administrator ?? null;
  const open = claim.status === 'submitted' || claim.status === 'in_review';
  const startReview = () =>
    save(api.post(`v1/benefits/claim/${claim.id}/review`), {
      done: 'Review started.',
      invalidate: claimQueries(claim),
    });
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
                {claim.approval.firstApproval ? 'Give second approval' : 'Approve'}
              </Button>
            )}
            {claim.status === 'in_review' && claim.approval.firstApproval && (
              <Button variant="default" onClick={() => setDeciding('send-back')}>
                Send approval back
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
      {deciding === 'approved' && <ApproveModal claim={claim} onClose={() => setDeciding(null)} />}
      {deciding === 'send-back' && <SendBackModal claim={claim} onClose={() => setDeciding(null)} />}
      {(deciding === 'rejected' || deciding === 'paid') && (
        <DecisionModal claim={claim} decision={deciding} onClose={() => setDeciding(null)} />
      )}
    </>
  );
}
