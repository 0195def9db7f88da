import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading and its first lines of explanation; the page's content follows as children. */
export function PageIntro(props: { title: string; intro: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1}>{props.title}</Title>
      <Text size="lg">{props.intro}</Text>
      {props.children}
    </Stack>
  );
}
