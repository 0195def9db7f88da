import { parseSaIdNumber } from '@bcp/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { appMessage, translateMessage } from '../../../i18n';
import { translateError } from '../../../i18n/errors';
import { api } from '../../../lib/api';

/**
 * Search (spec section 2, `/auth/search`): the member types their SA ID number; it is checked
 * (13 digits, date, check digit) before anything is sent; the answer is only how many benefits wait.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [idNumber, setIdNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = parseSaIdNumber(idNumber);
    if (!parsed.valid) {
      // Checked here, before anything is sent: the contract's own message, not a server's.
      setFieldError(translateMessage(appMessage(parsed.message)));
      return;
    }
    setFieldError(null);
    setSearching(true);
    const result = await api.get<{ totalBenefits: number }>('app/benefits/idNumber', {
      query: { idNumber: parsed.idNumber },
    });
    setSearching(false);
    if (result.error) {
      setFailure(translateError(result.error));
      return;
    }
    const total = result.data.totalBenefits;
    navigate(paths.searchComplete(total, parsed.idNumber, total === 0 ? 'no-benefits' : undefined));
  }

  return (
    <Stack gap="lg" pt="xl">
      <Title order={1}>{t('search.heading')}</Title>
      <Text size="lg">{t('search.intro')}</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('search.idLabel')}
            description={t('search.idDescription')}
            inputMode="numeric"
            autoComplete="off"
            size="lg"
            value={idNumber}
            onChange={(event) => setIdNumber(event.currentTarget.value)}
            error={fieldError}
          />
          <Button type="submit" size="lg" loading={searching}>
            {t('search.submit')}
          </Button>
          {failure && (
            <Alert color="red" title={t('search.failed')}>
              {failure}
            </Alert>
          )}
        </Stack>
      </form>
      <Anchor component={Link} to={paths.checkMessage()}>
        {t('common.checkMessageLink')}
      </Anchor>
    </Stack>
  );
}
