import { PUSH_BODY_TEXT, type PushPayload } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { maskIdNumbers } from '../../platform/messaging/message-text.js';
import type { Messenger } from '../../platform/messaging/messenger.js';
import type { PushSender } from '../../platform/push/push-sender.js';
import { findDevicesByIds, listDevices, listDevicesOfPersonUsers, removeDeviceById } from '../devices/index.js';
import { findMessagePreferences, findPersonUserProfile } from '../person-users/index.js';
import {
  type DeliveryRecord,
  findDeliveryWithNotification,
  insertDeliveries,
  insertDeliveryIds,
  updateDelivery,
} from './deliveries.repository.js';
import type { NotificationRecord } from './notifications.service.js';
import { richTextToPlain } from './rich-text.js';

/** Job queue names of notification delivery. */
export const DELIVERY_QUEUES = { push: 'notification-push', message: 'notification-message' } as const;

/** The job queue that sends a new notification to the member's open app sessions. */
export const LIVE_QUEUE = 'notification-live';

/** What a delivery job is given: the delivery row's id. */
export interface DeliveryJob {
  deliveryId: number;
}

/** What a live job is given: the notification's id. */
export interface LiveJob {
  notificationId: number;
}

export type { DeliveryRecord } from './deliveries.repository.js';

/**
 * Creates the outbound deliveries of a new notification: one push per registered device and one
 * email or SMS (the member's two-factor method), all `pending`.
 * @returns the delivery rows, each to be sent by its own job
 */
export async function createDeliveries(db: Database, notification: NotificationRecord): Promise<DeliveryRecord[]> {
  const devices = await listDevices(db, notification.personUserId);
  const profile = await findPersonUserProfile(db, notification.personUserId);
  const messageChannel = profile?.twoFactorMethod === 'SMS' ? ('sms' as const) : ('email' as const);
  const rows = [
    ...devices.map((device) => ({ notificationId: notification.id, channel: 'push' as const, deviceId: device.id })),
    { notificationId: notification.id, channel: messageChannel, deviceId: null },
  ];
  return insertDeliveries(db, rows);
}

/**
 * `createDeliveries` for many notifications at once (one of each person user, batched
 * notifications): two lookups and one insert, whatever their number.
 * @param created each new notification's id with its person user
 */
export async function createDeliveriesForMany(
  db: Database,
  created: ReadonlyArray<{ notificationId: number; personUserId: number }>,
): Promise<Array<Pick<DeliveryRecord, 'id' | 'channel'>>> {
  if (created.length === 0) return [];
  const personUserIds = created.map((item) => item.personUserId);
  const devicesOf = new Map<number, { id: number }[]>();
  for (const device of await listDevicesOfPersonUsers(db, personUserIds)) {
    devicesOf.set(device.personUserId, [...(devicesOf.get(device.personUserId) ?? []), device]);
  }
  const preferences = await findMessagePreferences(db, personUserIds);
  const rows = created.flatMap(({ notificationId, personUserId }) => [
    ...(devicesOf.get(personUserId) ?? []).map((device) => ({
      notificationId,
      channel: 'push' as const,
      deviceId: device.id,
    })),
    {
      notificationId,
      channel: preferences.get(personUserId)?.twoFactorMethod === 'SMS' ? ('sms' as const) : ('email' as const),
      deviceId: null,
    },
  ]);
  return insertDeliveryIds(db, rows);
}

/** What sending a delivery needs. */
export interface DeliveryDependencies {
  db: Database;
  push: PushSender;
  messenger: Messenger;
  /** Retries pg-boss makes after the first attempt: the last attempt marks the delivery `failed`. */
  retryLimit: number;
}

async function finish(
  db: Database,
  id: number,
  patch: Partial<Pick<DeliveryRecord, 'status' | 'lastError' | 'outboxId'>> & { attempts: number },
): Promise<void> {
  const done = patch.status !== undefined && patch.status !== 'pending';
  await updateDelivery(db, id, { ...patch, ...(done ? { completedAt: new Date() } : {}) });
}

/**
 * The push payload: title (ID numbers masked), a fixed body and the ids; never the body text,
 * amounts or personal details (push goes through third parties and shows on lock screens).
 */
export function toPushPayload(notification: NotificationRecord): PushPayload {
  return {
    notificationId: notification.id,
    title: maskIdNumbers(notification.title),
    body: PUSH_BODY_TEXT,
    event: notification.event,
  };
}

/**
 * Runs a delivery job: sends the push or the email/SMS of one delivery and records the outcome
 * (`sent`, `undeliverable` with the reason, or, when the push service is gone, forgets the device).
 * A transient failure is recorded (`attempts`, `lastError`) and rethrown so pg-boss retries; the
 * last allowed attempt marks it `failed`. Deliveries already completed are not sent again.
 * @param retryCount pg-boss's retries so far (0 on the first attempt)
 */
export async function runDelivery(deps: DeliveryDependencies, deliveryId: number, retryCount: number): Promise<void> {
  const loaded = await findDeliveryWithNotification(deps.db, deliveryId);
  if (loaded?.delivery.status !== 'pending') return;
  const { delivery, notification } = loaded;
  const attempts = retryCount + 1;
  try {
    if (delivery.channel === 'push') await sendPush(deps, delivery, notification, attempts);
    else await sendMessage(deps, delivery, notification, attempts);
  } catch (error) {
    const final = retryCount >= deps.retryLimit;
    await finish(deps.db, delivery.id, {
      attempts,
      lastError: (error as Error).message.slice(0, 500),
      ...(final ? { status: 'failed' as const } : {}),
    });
    throw error;
  }
}

async function sendPush(
  deps: DeliveryDependencies,
  delivery: DeliveryRecord,
  notification: NotificationRecord,
  attempts: number,
): Promise<void> {
  const [device] = delivery.deviceId === null ? [] : await findDevicesByIds(deps.db, [delivery.deviceId]);
  if (!device) {
    await finish(deps.db, delivery.id, { attempts, status: 'undeliverable', lastError: 'the device was removed' });
    return;
  }
  const result = await deps.push.send({ source: device.source, token: device.token }, toPushPayload(notification));
  if (result.status === 'sent') await finish(deps.db, delivery.id, { attempts, status: 'sent', lastError: null });
  else if (result.status === 'gone') {
    await finish(deps.db, delivery.id, { attempts, status: 'undeliverable', lastError: 'the subscription is gone' });
    await removeDeviceById(deps.db, device.id);
  } else await finish(deps.db, delivery.id, { attempts, status: 'undeliverable', lastError: result.reason });
}

async function sendMessage(
  deps: DeliveryDependencies,
  delivery: DeliveryRecord,
  notification: NotificationRecord,
  attempts: number,
): Promise<void> {
  const profile = await findPersonUserProfile(deps.db, notification.personUserId);
  const channel = delivery.channel === 'sms' ? 'sms' : 'email';
  const destination = channel === 'sms' ? profile?.phoneNumber : profile?.email;
  if (!destination) {
    await finish(deps.db, delivery.id, { attempts, status: 'undeliverable', lastError: `no ${channel} destination` });
    return;
  }
  const plain = richTextToPlain(notification.body);
  const { outboxId } = await deps.messenger.send({
    channel,
    destination,
    purpose: `notification.${notification.event}`,
    subject: notification.title,
    text: channel === 'sms' ? `${notification.title}: ${plain}` : plain,
    ...(channel === 'email' ? { html: notification.body } : {}),
    recipient: { area: 'beneficiary', id: notification.personUserId },
    // The notification was written in the member's language (decision 036): the reference line follows it.
    ...(profile ? { language: profile.language } : {}),
  });
  await finish(deps.db, delivery.id, { attempts, status: 'sent', lastError: null, outboxId });
}
