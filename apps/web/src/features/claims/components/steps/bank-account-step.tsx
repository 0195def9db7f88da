import { Alert, Button, Loader, Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimKeys, usePersonBanks } from '../../api/claims';
import { useClaimDraft } from '../../use-claim-draft';
import { BankAccountForm } from './bank-account-form';
import type { StepProps } from './step-props';

/** Step 2, bank account: choose one of the member's accounts (numbers masked) or add one. */
export function BankAccountStep(props: StepProps) {
  const { t } = useTranslation();
  const accounts = usePersonBanks();
  const queryClient = useQueryClient();
  const draft = useClaimDraft(props.benefit.id);
  const [chosen, setChosen] = useState<string | null>(
    props.claim.bankAccount ? String(props.claim.bankAccount.id) : null,
  );
  const [adding, setAdding] = useState(false);
  const items = accounts.data?.items ?? [];
  const showForm = adding || (accounts.isSuccess && items.length === 0);

  async function next() {
    const claim = await draft.save({ bankAccountId: Number(chosen) });
    if (claim) props.onDone(claim);
  }

  if (accounts.isPending) return <Loader role="status" aria-label={t('bankAccount.loading')} />;
  return (
    <Stack>
      <Text>{t('bankAccount.intro')}</Text>
      {items.length > 0 && (
        <Radio.Group label={t('bankAccount.payInto')} value={chosen} onChange={setChosen}>
          <Stack mt="xs">
            {items.map((account) => (
              <Radio
                key={account.id}
                value={String(account.id)}
                label={`${account.bank.name} ${account.accountNumberMasked}`}
                description={`${t(`messages.bankAccountType.${account.accountType}`)}, ${account.holderName}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {showForm ? (
        <BankAccountForm
          holderName={`${props.benefit.person.firstName} ${props.benefit.person.lastName}`}
          onCancel={items.length > 0 ? () => setAdding(false) : undefined}
          onSaved={async (account) => {
            await queryClient.invalidateQueries({ queryKey: claimKeys.personBanks() });
            setChosen(String(account.id));
            setAdding(false);
          }}
        />
      ) : (
        <Button variant="subtle" onClick={() => setAdding(true)} w="fit-content">
          {t('bankAccount.addAnother')}
        </Button>
      )}
      {accounts.isError && <Alert color="red">{t('bankAccount.loadFailed')}</Alert>}
      {!showForm && (
        <Button onClick={next} disabled={!chosen} loading={draft.saving}>
          {t('bankAccount.use')}
        </Button>
      )}
    </Stack>
  );
}
