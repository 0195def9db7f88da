import {
  MESSAGE_CHECK_MESSAGES,
  type MessageCheckResponse,
  normalizeMessageDestination,
  normalizeReferenceCode,
  required,
} from '@bcp/contract';
import { Alert, Button, List, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/layout/page-intro';
import { checkMessage } from '../../features/message-check/api';
import { useFormat } from '../../i18n';
import { rules, showServerErrors } from '../../lib/form';

const codeRule = (value: unknown) =>
  typeof value === 'string' && normalizeReferenceCode(value) !== null ? true : MESSAGE_CHECK_MESSAGES.invalidCode;
// (The rules answer the contract's English messages; `rules()` shows them in the app's language.)
const destinationRule = (value: unknown) =>
  typeof value === 'string' && normalizeMessageDestination(value) !== null
    ? true
    : MESSAGE_CHECK_MESSAGES.invalidDestination;

/**
 * The answer: yes with when, how and what kind (never the content), or no; the advice either way.
 * Said by the answer's `fromUs` and `kind` in the app's language (its English `message`,
 * `kindText` and `advice` are not read).
 */
function Answer(props: { answer: MessageCheckResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { answer } = props;
  if (answer.fromUs) {
    return (
      <Alert color="green" title={t('messages.messageCheck.fromUs')} role="status">
        <Stack gap="xs">
          <Text>
            {t('checkMessage.sent', {
              kind: t(`messages.messageKind.${answer.kind ?? 'other'}`),
              channel: answer.channel === 'sms' ? t('common.channelSms') : t('common.channelEmail'),
              date: format.date(answer.sentAt as string),
            })}
          </Text>
          <Text fw={600}>{t('messages.messageCheck.advice')}</Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" title={t('messages.messageCheck.notFromUs')} role="alert">
      <Stack gap="xs">
        <Text>{t('messages.messageCheck.notFromUsAdvice')}</Text>
        <Text fw={600}>{t('messages.messageCheck.advice')}</Text>
      </Stack>
    </Alert>
  );
}

/**
 * "Is this message from us?" (issue 21 item 4, `/check-message`, public): the reference code at
 * the end of an SMS or email and the number or address it came to; the answer says only whether
 * we sent it, when, by which channel and what kind of message it was, with the advice that we
 * never ask for money, a PIN or banking passwords.
 */
export function CheckMessagePage() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<MessageCheckResponse | null>(null);
  const form = useForm({
    initialValues: { referenceCode: '', destination: '' },
    validate: { referenceCode: rules(required, codeRule), destination: rules(required, destinationRule) },
  });

  async function submit(values: { referenceCode: string; destination: string }) {
    setAnswer(null);
    const result = await checkMessage(values);
    if (result.error) {
      showServerErrors(form, result.error);
      return;
    }
    setAnswer(result.data);
  }

  return (
    <PageIntro title={t('titles.checkMessage')} intro={t('checkMessage.intro')}>
      <List>
        <List.Item>{t('checkMessage.noFee')}</List.Item>
        <List.Item>{t('checkMessage.noPin')}</List.Item>
      </List>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label={t('checkMessage.code')}
            description={t('checkMessage.codeDescription')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={20}
            key={form.key('referenceCode')}
            {...form.getInputProps('referenceCode')}
          />
          <TextInput
            label={t('checkMessage.destination')}
            autoComplete="off"
            maxLength={254}
            key={form.key('destination')}
            {...form.getInputProps('destination')}
          />
          <Button type="submit" size="lg" loading={form.submitting}>
            {t('checkMessage.submit')}
          </Button>
        </Stack>
      </form>
      {answer && <Answer answer={answer} />}
    </PageIntro>
  );
}
