import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's heading (the page's one `h1`) with its actions on the same line. */
export function PageHeader(props: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md">
      <Title order={1} size="h2">
        {props.title}
      </Title>
      {props.children}
    </Group>
  );
}
