/**
 * Read model (issue 35 item 3): what the back office shows of a member account (issue 18): its
 * identity checks, devices and sign-in sessions, newest first. Reads identity-verifications' and
 * devices' tables, and the sessions through platform's `listSubjectSessions`; read only.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { devices } from '../db/schema/devices.js';
import { identityVerifications } from '../db/schema/identity-verifications.js';
import { listSubjectSessions } from '../platform/auth/sessions.js';

/** Sessions shown, newest first. */
const SESSIONS_SHOWN = 50;

/** A member account's identity checks, devices and (at most 50) beneficiary sessions, each newest first. */
export async function selectPersonUserActivity(db: Database, personUserId: number) {
  const [checks, deviceRows, sessionRows] = await Promise.all([
    db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.personUserId, personUserId))
      .orderBy(desc(identityVerifications.id)),
    db.select().from(devices).where(eq(devices.personUserId, personUserId)).orderBy(desc(devices.id)),
    listSubjectSessions(db, 'beneficiary', personUserId, SESSIONS_SHOWN),
  ]);
  return { checks, devices: deviceRows, sessions: sessionRows };
}
