import type { IdentityVerificationResponse } from '@bcp/contract';
import { Alert, Button, List, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';
import { getIdentityVerificationUrl, getLatestIdentityVerification } from '../../features/auth/api/identity';
import { translateError } from '../../i18n/errors';
import { loadPersonUser } from '../../lib/session';
import { useSession } from '../../lib/session-store';

const POLL_MS = 2000;
const POLL_LIMIT = 30;

/**
 * Identity check (spec 2 `/id-verify/{idNumber}`): sends the member to the identity provider and,
 * when they come back, waits for the provider's result; a pass leads to their benefits.
 */
export function IdVerifyPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const session = useSession();
  const [latest, setLatest] = useState<IdentityVerificationResponse | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const signedIn = session.personUser !== null && session.verified;

  useEffect(() => {
    if (!signedIn) return;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const result = await getLatestIdentityVerification();
      const current = result.data ?? null;
      setLatest(current);
      if (current?.status === 'passed') {
        await loadPersonUser();
        navigate(paths.benefits());
        return;
      }
      polls += 1;
      if (current?.status === 'pending' && polls < POLL_LIMIT) timer = setTimeout(check, POLL_MS);
    };
    void check();
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  async function start() {
    setStarting(true);
    setFailure(null);
    const result = await getIdentityVerificationUrl();
    if (result.error) {
      setStarting(false);
      setFailure(translateError(result.error));
      return;
    }
    window.location.assign(result.data.url);
  }

  if (!signedIn) {
    return (
      <PageIntro title={t('titles.idVerify')} intro={t('idVerify.signInFirst')}>
        <Button onClick={() => navigate(paths.login())}>{t('common.signIn')}</Button>
      </PageIntro>
    );
  }
  return (
    <PageIntro title={t('titles.idVerify')} intro={t('idVerify.intro')}>
      <Stack>
        <Text>{t('idVerify.youNeed')}</Text>
        <List>
          <List.Item>{t('idVerify.idDocument')}</List.Item>
          <List.Item>{t('idVerify.camera')}</List.Item>
        </List>
        {latest?.status === 'pending' && (
          <Alert color="blue" icon={<Loader size="xs" />}>
            {t('idVerify.waiting')}
          </Alert>
        )}
        {latest?.status === 'failed' && (
          <Alert color="red" title={t('idVerify.failed')}>
            {latest.failureReason ?? t('common.tryAgain')}
          </Alert>
        )}
        {failure && <Alert color="red">{failure}</Alert>}
        <Button size="lg" onClick={start} loading={starting}>
          {latest?.status === 'failed' ? t('idVerify.again') : t('idVerify.start')}
        </Button>
      </Stack>
    </PageIntro>
  );
}
