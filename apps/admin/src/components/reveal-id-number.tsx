import type { AdminPersonResponse } from '@bcp/contract';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { api } from '../lib/api';
import { notifyError } from '../lib/form';
import { useCan } from '../lib/permissions';

/**
 * An ID number masked until "Reveal": the reveal asks `GET benefits/{benefitId}/person`, an audited
 * view of the person (`persons.viewed`, `persons.read`), and shows the number it answers. Without
 * `persons.read` there is no reveal.
 */
export function RevealIdNumber(props: { benefitId: number; masked: string }) {
  const canReveal = useCan('persons.read');
  const [revealed, setRevealed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reveal = async () => {
    setBusy(true);
    const result = await api.get<AdminPersonResponse>(`v1/benefits/${props.benefitId}/person`);
    setBusy(false);
    if (result.error) notifyError(result.error);
    else setRevealed(result.data.idNumber);
  };
  return (
    <Group gap="xs">
      <Text span ff="monospace" data-testid="id-number">
        {revealed ?? props.masked}
      </Text>
      {canReveal && !revealed && (
        <Button size="compact-xs" variant="default" loading={busy} onClick={reveal}>
          Reveal ID number
        </Button>
      )}
    </Group>
  );
}
