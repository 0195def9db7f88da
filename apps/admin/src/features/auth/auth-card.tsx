import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The sign-in pages' frame: the product's name, a heading and a card, centred. */
export function AuthCard(props: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack w={420} gap="md">
        <Text fw={700} c="teal.7" ta="center">
          Benefit Finder back office
        </Text>
        <Paper withBorder shadow="sm" p="xl">
          <Title order={1} size="h2" mb="md">
            {props.title}
          </Title>
          {props.children}
        </Paper>
      </Stack>
    </Center>
  );
}
