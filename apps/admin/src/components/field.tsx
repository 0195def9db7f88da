import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value on a detail card ("Kind", "Contact", ...): the label dimmed above the value. */
export function Field(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text c="dimmed" size="sm">
        {props.label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {props.children ?? '—'}
      </Text>
    </div>
  );
}
