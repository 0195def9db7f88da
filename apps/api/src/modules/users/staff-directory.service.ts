import type { Database } from '../../db/client.js';
import { staffUsersByIds, staffUsersByName } from './users.repository.js';

/*
 * Staff users by name for other domains (the audit log, issue 36 item 5): deleted users included,
 * since a trail names whoever acted then.
 */

/** Staff users' names by id (deleted ones included); ids not found are left out. */
export async function staffUserNames(db: Database, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await staffUsersByIds(db, wanted);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Every staff user (deleted ones included) as `{ id, name, email }`, by name: the choices of a filter. */
export async function listStaffUserNames(db: Database): Promise<{ id: number; name: string; email: string }[]> {
  return staffUsersByName(db, 2000);
}
