import { CLAIM_STATUS_LABELS, type ClaimEventResponse } from '@bcp/contract';
import { Text, Timeline } from '@mantine/core';
import dayjs from 'dayjs';

const ACTOR_LABELS: Record<ClaimEventResponse['actor'], string> = {
  you: 'by you',
  staff: 'by our team',
  fund: 'by the fund',
  system: 'automatically',
};

/** Claim status (issue 4 item 8): every move of the claim, oldest first, with time and who made it. */
export function ClaimTimeline(props: { events: ClaimEventResponse[] }) {
  return (
    <Timeline active={props.events.length - 1} bulletSize={20} lineWidth={2} aria-label="Claim timeline">
      {props.events.map((event) => (
        <Timeline.Item
          key={event.id}
          title={event.fromStatus === null ? 'Claim started' : CLAIM_STATUS_LABELS[event.toStatus]}
        >
          <Text size="sm" c="dimmed">
            {dayjs(event.createdAt).format('YYYY-MM-DD HH:mm')} {ACTOR_LABELS[event.actor]}
          </Text>
          {event.note && <Text size="sm">{event.note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
