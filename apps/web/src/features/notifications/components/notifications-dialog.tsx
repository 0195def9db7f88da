import { Accordion, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/rich-text';
import { i18next } from '../../../i18n';
import { showToast } from '../../../lib/toasts';
import { notificationTotalKey } from '../api/get-notification-total';
import { useNotifications } from '../api/get-notifications';
import { markNotificationsRead } from '../api/mark-read';
import { formatCreated } from '../format-created';

/**
 * The Notifications dialog (spec section 2; Activities tab): persistent (closes only with Cancel),
 * receives the person user id, shows a loading indicator, then expandable rows labelled with the
 * title, each with Platform (source), Created ('YYYY-MM-DD HH:mm:ss' or '-'), Notification ID and
 * the body as sanitized rich text. 'Unable to get notifications' when the call fails, 'No Available
 * Notifications' when the list is empty (spec 8). What it shows is marked read, and the total refreshed.
 */
export function NotificationsDialog(props: { opened: boolean; personUserId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useNotifications(props.personUserId, props.opened);
  const result = query.data;
  const failed = result?.error !== undefined;
  const list = result?.data ?? [];

  useEffect(() => {
    if (!props.opened || !result) return;
    if (result.error) {
      showToast({ color: 'red', message: i18next.t('messages.notification.listFailed') });
      return;
    }
    if (result.data.length === 0) {
      showToast({ color: 'red', message: i18next.t('messages.notification.listEmpty') });
      return;
    }
    const unread = result.data.filter((notification) => notification.readAt === null).map((n) => n.id);
    if (unread.length === 0) return;
    void markNotificationsRead(unread).then((marked) => {
      if (marked.data) queryClient.setQueryData(notificationTotalKey(props.personUserId), { data: marked.data.total });
    });
  }, [props.opened, result, props.personUserId, queryClient]);

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      size="lg"
      title={
        // The modal's title is already a heading (h2): styled as an h3, not an h3 nested in it.
        <Text span fz="h3" fw={700}>
          {t('notifications.title')}
        </Text>
      }
    >
      {query.isFetching && !result ? (
        <Group justify="center" py="lg">
          <Loader role="status" aria-label={t('notifications.loading')} />
        </Group>
      ) : failed ? (
        <Text c="red">{t('messages.notification.listFailed')}</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('messages.notification.listEmpty')}</Text>
      ) : (
        <Accordion variant="separated" aria-label={t('notifications.title')}>
          {list.map((notification) => (
            <Accordion.Item key={notification.id} value={String(notification.id)}>
              <Accordion.Control fw={notification.readAt === null ? 700 : 400}>{notification.title}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  <Table variant="vertical" withTableBorder>
                    <Table.Tbody>
                      <Table.Tr>
                        <Table.Th w={140}>{t('notifications.platform')}</Table.Th>
                        <Table.Td>{notification.source}</Table.Td>
                      </Table.Tr>
                      <Table.Tr>
                        <Table.Th>{t('notifications.created')}</Table.Th>
                        <Table.Td>{formatCreated(notification.createdAt)}</Table.Td>
                      </Table.Tr>
                      <Table.Tr>
                        <Table.Th>{t('notifications.id')}</Table.Th>
                        <Table.Td>{notification.id}</Table.Td>
                      </Table.Tr>
                    </Table.Tbody>
                  </Table>
                  <RichText html={notification.body} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Modal>
  );
}
