import type { ClaimEventResponse } from '@bcp/contract';
import { Text, Timeline } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** Claim status (issue 4 item 8): every move of the claim, oldest first, with time and who made it. */
export function ClaimTimeline(props: { events: ClaimEventResponse[] }) {
  const { t } = useTranslation();
  return (
    <Timeline active={props.events.length - 1} bulletSize={20} lineWidth={2} aria-label={t('claim.timeline')}>
      {props.events.map((event) => (
        <Timeline.Item
          key={event.id}
          title={event.fromStatus === null ? t('claim.started') : t(`messages.claimStatus.${event.toStatus}`)}
        >
          <Text size="sm" c="dimmed">
            {dayjs(event.createdAt).format('YYYY-MM-DD HH:mm')} {t(`claim.actors.${event.actor}`)}
          </Text>
          {event.note && <Text size="sm">{event.note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
