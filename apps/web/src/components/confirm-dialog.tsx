import { Button, Group, Modal, Text } from '@mantine/core';

/** A yes/no question in a dialog (spec 4: 'Are you sure?', 'Do you really want to leave?'). */
export function ConfirmDialog(props: {
  opened: boolean;
  question: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title="Please confirm" centered>
      <Text>{props.question}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel}>
          No
        </Button>
        <Button color="red" onClick={props.onConfirm}>
          {props.confirmLabel ?? 'Yes'}
        </Button>
      </Group>
    </Modal>
  );
}
