import { Alert, Button, List, Stack, Table } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n';
import { translateError } from '../../../../i18n/errors';
import { submitClaim } from '../../api/claims';
import { useClaimDraft } from '../../use-claim-draft';
import type { StepProps } from './step-props';

/**
 * Step 6, submit: a last look at the payout, account and documents, the fund's fast-track promise
 * when the benefit qualifies ("usually paid within N days", issue 21 item 2), then submission. One
 * Idempotency-Key per submission, reused by retries, so a double tap or a lost answer cannot submit
 * twice.
 */
export function SubmitStep(props: StepProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { claim } = props;
  const draft = useClaimDraft(props.benefit.id);
  const idempotencyKey = useRef(crypto.randomUUID());
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setSubmitting(true);
    setError(null);
    const result = await submitClaim(
      props.benefit.id,
      { declarationAccepted: true, netAmountCents: claim.payout.netAmountCents },
      idempotencyKey.current,
    );
    setSubmitting(false);
    if (result.error) {
      setError(translateError(result.error));
      // A refusal is final for this key; a new attempt (after fixing what was wrong) gets a new one.
      if (result.error.status !== 0) idempotencyKey.current = crypto.randomUUID();
      return;
    }
    draft.keep(result.data);
    props.onDone(result.data);
  }

  return (
    <Stack>
      <Table aria-label={t('submit.label')}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('fees.net')}</Table.Th>
            <Table.Td>{format.rand(claim.payout.netAmountCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('submit.paidInto')}</Table.Th>
            <Table.Td>
              {claim.bankAccount
                ? `${claim.bankAccount.bank.name} ${claim.bankAccount.accountNumberMasked}`
                : t('common.none')}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('submit.documents')}</Table.Th>
            <Table.Td>
              <List size="sm">
                {claim.documents.map((document) => (
                  <List.Item key={document.id}>{t(`messages.document.${document.kind}`)}</List.Item>
                ))}
              </List>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {props.benefit.fastTrackDays !== null && (
        // Issue 21 item 2: the fund's fast-track promise, before the member submits.
        <Alert color="teal" title={t('submit.fastTrackPromise', { days: props.benefit.fastTrackDays })}>
          {t('submit.fastTrackCaption')}
        </Alert>
      )}
      {error && (
        <Alert color="red" title={t('submit.failed')}>
          {error}
        </Alert>
      )}
      <Button size="lg" onClick={submit} loading={submitting}>
        {t('submit.button')}
      </Button>
    </Stack>
  );
}
