import type { IdentityVerificationResponse } from '@bcp/contract';
import { Alert, Button, List, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';
import { getIdentityVerificationUrl, getLatestIdentityVerification } from '../../features/auth/api/identity';
import { errorMessage } from '../../lib/api-client';
import { loadPersonUser } from '../../lib/session';
import { useSession } from '../../lib/session-store';

const POLL_MS = 2000;
const POLL_LIMIT = 30;

/**
 * Identity check (spec 2 `/id-verify/{idNumber}`): sends the member to the identity provider and,
 * when they come back, waits for the provider's result; a pass leads to their benefits.
 */
export function IdVerifyPage() {
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
      setFailure(errorMessage(result.error));
      return;
    }
    window.location.assign(result.data.url);
  }

  if (!signedIn) {
    return (
      <PageIntro title="Prove that it is you" intro="Sign in first, then we check your identity.">
        <Button onClick={() => navigate(paths.login())}>Sign in</Button>
      </PageIntro>
    );
  }
  return (
    <PageIntro
      title="Prove that it is you"
      intro="Before you can see and claim your benefits, an identity verification service confirms that you are the person with this ID number."
    >
      <Stack>
        <Text>You will need:</Text>
        <List>
          <List.Item>your green ID book or smart ID card;</List.Item>
          <List.Item>a phone or computer with a camera, for a photo of your face.</List.Item>
        </List>
        {latest?.status === 'pending' && (
          <Alert color="blue" icon={<Loader size="xs" />}>
            We are waiting for the result of your identity check.
          </Alert>
        )}
        {latest?.status === 'failed' && (
          <Alert color="red" title="Your identity check did not pass">
            {latest.failureReason ?? 'Please try again.'}
          </Alert>
        )}
        {failure && <Alert color="red">{failure}</Alert>}
        <Button size="lg" onClick={start} loading={starting}>
          {latest?.status === 'failed' ? 'Try the identity check again' : 'Start the identity check'}
        </Button>
      </Stack>
    </PageIntro>
  );
}
