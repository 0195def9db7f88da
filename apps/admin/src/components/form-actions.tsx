import { Button, Group } from '@mantine/core';

/** A dialog form's buttons, at its end: Cancel, then the form's submit button (busy while it saves). */
export function FormActions(props: { label: string; onCancel: () => void; submitting: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={props.submitting}>
        {props.label}
      </Button>
    </Group>
  );
}
