import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A yes/no question in a dialog (spec 4: 'Are you sure?', 'Do you really want to leave?'). */
export function ConfirmDialog(props: {
  opened: boolean;
  question: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={t('nav.pleaseConfirm')} centered>
      <Text>{props.question}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel}>
          {t('common.no')}
        </Button>
        <Button color="red" onClick={props.onConfirm}>
          {props.confirmLabel ?? t('common.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
