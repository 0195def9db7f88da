import { createHash } from 'node:crypto';
import { type DeviceRequest, type DeviceResponse, WebPushSubscription } from '@bcp/contract';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  type DeviceRecord,
  deleteDeviceById,
  deleteDeviceByToken,
  deleteDevicesOfPersonUser,
  deviceIdsOfPersonUserSql,
  selectDeviceOwner,
  selectDevicesByIds,
  selectDevicesOfPersonUsers,
  upsertDeviceRow,
} from './devices.repository.js';

export const DEVICE_MESSAGES = {
  notYours: 'You can only register devices for yourself.',
  notWebSubscription: 'A WEB token must be a push subscription (endpoint and keys).',
} as const;

export type { DeviceRecord };

/** Checks a WEB token is a push subscription; APP tokens are FCM's opaque strings. */
function assertTokenFits(source: DeviceRequest['source'], token: string): void {
  if (source !== 'WEB') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(token);
  } catch {
    parsed = undefined;
  }
  if (!WebPushSubscription.safeParse(parsed).success) {
    throw new AppError('validation', DEVICE_MESSAGES.notWebSubscription, {
      token: [DEVICE_MESSAGES.notWebSubscription],
    });
  }
}

/**
 * A device's audit identity: the first 32 hex digits of the SHA-256 of its token (the token itself
 * is a push credential and is never kept in the audit trail). The same phone or browser keeps it
 * whoever signs in on it.
 */
export function deviceFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

/**
 * Registers the caller's device (spec 7 `POST firebase/device`), idempotently: the same token
 * again only refreshes `refreshedAt` (the app registers again after 7 days) and keeps the id; a
 * token another member registered (a shared phone) moves to the caller. `previousToken`, when it
 * is one of the caller's, is removed (the subscription changed and was recreated). A token new to
 * the caller is audited (`devices.registered`, entity id `deviceFingerprint`): several accounts on one
 * device in a day are a risk signal on their claims (issue 36 item 3).
 * @throws AppError('forbidden') when `personUserId` is not the caller
 * @throws AppError('validation') when a WEB token is not a push subscription
 */
export async function upsertDevice(db: Database, callerId: number, request: DeviceRequest): Promise<DeviceRecord> {
  if (request.personUserId !== callerId)
    throw new AppError('forbidden', DEVICE_MESSAGES.notYours, undefined, { code: 'device_not_yours' });
  assertTokenFits(request.source, request.token);
  return db.transaction(async (tx) => {
    if (request.previousToken && request.previousToken !== request.token) {
      await deleteDeviceByToken(tx, callerId, request.previousToken);
    }
    const now = new Date();
    const owner = await selectDeviceOwner(tx, request.token);
    if (owner !== callerId) {
      await recordAudit(tx, {
        actor: { type: 'member', id: callerId },
        action: 'devices.registered',
        entityType: 'devices',
        entityId: deviceFingerprint(request.token),
        after: { source: request.source },
      });
    }
    return upsertDeviceRow(tx, {
      personUserId: callerId,
      source: request.source,
      token: request.token,
      refreshedAt: now,
    });
  });
}

/**
 * Forgets one of the caller's tokens (unsubscribe, logout). Idempotent: an unknown token, or one
 * of someone else's, changes nothing.
 * @returns whether a device was removed
 */
export async function removeDevice(db: Database, callerId: number, token: string): Promise<boolean> {
  return deleteDeviceByToken(db, callerId, token);
}

/** The devices of many person users at once (batched notifications), by id. */
export async function listDevicesOfPersonUsers(
  db: Database,
  personUserIds: readonly number[],
): Promise<DeviceRecord[]> {
  return selectDevicesOfPersonUsers(db, personUserIds);
}

/** The ids of a person user's devices as a subquery (column `id`), for a statement of another module (decision 071). */
export function deviceIdsOfPersonUser(personUserId: number): SQL {
  return deviceIdsOfPersonUserSql(personUserId);
}

/** The person user a token is registered to, or null (development checks). */
export async function findDeviceOwner(db: Database, token: string): Promise<number | null> {
  return selectDeviceOwner(db, token);
}

/** The devices with these ids (delivery jobs). */
export async function findDevicesByIds(db: Database, ids: number[]): Promise<DeviceRecord[]> {
  return selectDevicesByIds(db, ids);
}

/** Forgets a device whose token the push service says is gone (404/410). */
export async function removeDeviceById(db: Database, deviceId: number): Promise<void> {
  await deleteDeviceById(db, deviceId);
}

/** Maps a device to its response (never the token). Times ISO 8601 UTC. */
export function toDeviceResponse(device: DeviceRecord): DeviceResponse {
  return {
    id: device.id,
    source: device.source,
    createdAt: device.createdAt.toISOString(),
    refreshedAt: device.refreshedAt.toISOString(),
  };
}

/** Removes every device of a person user (account closed, issue 18). @returns how many */
export async function removePersonUserDevices(db: Database, personUserId: number): Promise<number> {
  return deleteDevicesOfPersonUser(db, personUserId);
}
