import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { devices } from '../../db/schema/devices.js';

/** The devices module's data access (issue 35 item 1): the only file that reads or writes `devices`. */

/** A `devices` row. */
export type DeviceRecord = typeof devices.$inferSelect;

/** Deletes the person user's device with this token, if any (`db` may be a transaction). */
export async function deleteDeviceByToken(db: Database, personUserId: number, token: string): Promise<boolean> {
  const rows = await db
    .delete(devices)
    .where(and(eq(devices.personUserId, personUserId), eq(devices.token, token)))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/** The person user a token is registered to, or null. */
export async function selectDeviceOwner(db: Database, token: string): Promise<number | null> {
  const [row] = await db
    .select({ personUserId: devices.personUserId })
    .from(devices)
    .where(eq(devices.token, token))
    .limit(1);
  return row?.personUserId ?? null;
}

/**
 * Inserts a device, or when its token exists moves it to `personUserId` with the new source and
 * `refreshedAt` (keeping its id).
 */
export async function upsertDeviceRow(
  db: Database,
  values: { personUserId: number; source: DeviceRecord['source']; token: string; refreshedAt: Date },
): Promise<DeviceRecord> {
  const [row] = await db
    .insert(devices)
    .values(values)
    .onConflictDoUpdate({
      target: devices.token,
      set: { personUserId: values.personUserId, source: values.source, refreshedAt: values.refreshedAt },
    })
    .returning();
  if (!row) throw new Error('The device upsert returned no row');
  return row;
}

/** The devices of these person users, oldest first. */
export async function selectDevicesOfPersonUsers(
  db: Database,
  personUserIds: readonly number[],
): Promise<DeviceRecord[]> {
  if (personUserIds.length === 0) return [];
  return db
    .select()
    .from(devices)
    .where(inArray(devices.personUserId, [...personUserIds]))
    .orderBy(devices.id);
}

/**
 * The ids of a person user's devices as a subquery (one column `id`, by id), for another module's
 * statement to build on (a notification's push deliveries in the same insert; decision 071).
 */
export function deviceIdsOfPersonUserSql(personUserId: number): SQL {
  return sql`select ${devices.id} as id from ${devices} where ${devices.personUserId} = ${personUserId}::bigint order by ${devices.id}`;
}

/** The devices with these ids. */
export async function selectDevicesByIds(db: Database, ids: readonly number[]): Promise<DeviceRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(devices)
    .where(inArray(devices.id, [...ids]));
}

/** Deletes one device by id. */
export async function deleteDeviceById(db: Database, deviceId: number): Promise<void> {
  await db.delete(devices).where(eq(devices.id, deviceId));
}

/** Deletes every device of a person user. @returns how many */
export async function deleteDevicesOfPersonUser(db: Database, personUserId: number): Promise<number> {
  const removed = await db.delete(devices).where(eq(devices.personUserId, personUserId)).returning({ id: devices.id });
  return removed.length;
}
