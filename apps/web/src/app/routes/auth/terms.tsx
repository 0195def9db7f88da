import { List, Stack, Text, Title } from '@mantine/core';

/** Terms (spec section 2, `/auth/terms`): what the member agrees to when they sign up. */
export function TermsPage() {
  return (
    <Stack>
      <Title order={1}>Terms of use</Title>
      <TermsContent />
    </Stack>
  );
}

/** The terms themselves, also shown in a dialog from the sign-up form. */
export function TermsContent() {
  return (
    <Stack>
      <Text>By creating an account you agree that:</Text>
      <List spacing="xs">
        <List.Item>you are the person whose ID number you search with, and the details you give are true;</List.Item>
        <List.Item>we check your identity with an identity verification provider before you can claim;</List.Item>
        <List.Item>
          we share your details only with the fund that holds your benefit and its administrator, to pay your claim;
        </List.Item>
        <List.Item>the fee for our service is shown to you, in rand, before you submit a claim.</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        We process your personal information under the Protection of Personal Information Act (POPIA).
      </Text>
    </Stack>
  );
}
