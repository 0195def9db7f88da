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
import { PageIntro } from '../../components/layout/page-intro';
import { checkMessage } from '../../features/message-check/api';
import { rules, showServerErrors } from '../../lib/form';

const codeRule = (value: unknown) =>
  typeof value === 'string' && normalizeReferenceCode(value) !== null ? true : MESSAGE_CHECK_MESSAGES.invalidCode;
const destinationRule = (value: unknown) =>
  typeof value === 'string' && normalizeMessageDestination(value) !== null
    ? true
    : MESSAGE_CHECK_MESSAGES.invalidDestination;

const dateFormat = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric' });

/** The answer: yes with when, how and what kind (never the content), or no; the advice either way. */
function Answer(props: { answer: MessageCheckResponse }) {
  const { answer } = props;
  if (answer.fromUs) {
    return (
      <Alert color="green" title={answer.message} role="status">
        <Stack gap="xs">
          <Text>
            {answer.kindText}, sent by {answer.channel === 'sms' ? 'SMS' : 'email'} on{' '}
            {dateFormat.format(new Date(answer.sentAt as string))}.
          </Text>
          <Text fw={600}>{answer.advice}</Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" title={answer.message} role="alert">
      <Stack gap="xs">
        <Text>{MESSAGE_CHECK_MESSAGES.notFromUsAdvice}</Text>
        <Text fw={600}>{MESSAGE_CHECK_MESSAGES.advice}</Text>
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
    <PageIntro
      title="Is this message from us?"
      intro="Every SMS and email we send ends with a reference code, like ABCD-EFGH. Enter it here with the phone number or email address the message came to."
    >
      <List>
        <List.Item>We never ask you for money or a fee to release your benefit.</List.Item>
        <List.Item>We never ask you for your PIN or your banking passwords.</List.Item>
      </List>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label="Reference code"
            description="At the end of the message, e.g. ABCD-EFGH"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={20}
            key={form.key('referenceCode')}
            {...form.getInputProps('referenceCode')}
          />
          <TextInput
            label="Phone number or email it came to"
            autoComplete="off"
            maxLength={254}
            key={form.key('destination')}
            {...form.getInputProps('destination')}
          />
          <Button type="submit" size="lg" loading={form.submitting}>
            Check the message
          </Button>
        </Stack>
      </form>
      {answer && <Answer answer={answer} />}
    </PageIntro>
  );
}
