import { Alert, Anchor, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'wouter';
import { PageHeader } from '../components/page-header';

/** What a screen's URL answers to a user without its permission. */
export function NoAccessPage(props: { title: string }) {
  return (
    <Stack maw={640}>
      <PageHeader title="You do not have access" />
      <Alert color="gray" icon={<IconLock size={18} />}>
        Your roles do not include the {props.title.toLowerCase()} screen. Ask an administrator if you need it.
      </Alert>
      <Anchor component={Link} href="/">
        Go to the dashboard
      </Anchor>
    </Stack>
  );
}

/** What an unknown back-office URL answers. */
export function NotFoundPage() {
  return (
    <Stack maw={640}>
      <PageHeader title="Page not found" />
      <Anchor component={Link} href="/">
        Go to the dashboard
      </Anchor>
    </Stack>
  );
}
