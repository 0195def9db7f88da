import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Terms (spec section 2, `/auth/terms`): what the member agrees to when they sign up. */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('titles.terms')}</Title>
      <TermsContent />
    </Stack>
  );
}

/** The terms themselves, also shown in a dialog from the sign-up form. */
export function TermsContent() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text>{t('terms.agree')}</Text>
      <List spacing="xs">
        <List.Item>{t('terms.truthful')}</List.Item>
        <List.Item>{t('terms.identity')}</List.Item>
        <List.Item>{t('terms.sharing')}</List.Item>
        <List.Item>{t('terms.fee')}</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        {t('terms.popia')}
      </Text>
    </Stack>
  );
}
