import type { AuditChangeResponse, AuditEventResponse } from '@bcp/contract';
import { formatRand } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import type { AuditEventRow } from '../../platform/audit/audit-log.js';
import { fundNamesByIds } from '../funds/index.js';
import { partnerNames } from '../partners/index.js';
import { memberNames } from '../person-users/index.js';
import { describeRolesById } from '../roles/index.js';
import { staffUserNames } from '../users/index.js';
import { actionPhrase, capitalise, fieldLabel, formatValue, recordNoun } from './audit-words.js';

/** An audit event as stored. */
export type AuditRow = AuditEventRow;

/** The names an event's sentence needs, looked up once for a page of events through each domain's service. */
interface Names {
  staff: Map<number, string>;
  members: Map<number, string>;
  partners: Map<number, string>;
  funds: Map<number, string>;
  roles: Map<number, string>;
}

/** A record id as a number, or null when it is not one. */
function numericId(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function idsOf(rows: readonly AuditRow[], entityType: string): number[] {
  return rows
    .filter((row) => row.entityType === entityType)
    .map((row) => numericId(row.entityId))
    .filter((id): id is number => id !== null);
}

function roleIdsOf(rows: readonly AuditRow[]): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    for (const side of [row.before, row.after]) {
      const roleIds = side?.roleIds;
      if (Array.isArray(roleIds)) for (const id of roleIds) if (typeof id === 'number') ids.add(id);
    }
  }
  return [...ids];
}

async function lookUpNames(db: Database, rows: readonly AuditRow[]): Promise<Names> {
  const actorIds = (type: string) => rows.filter((row) => row.actorType === type).map((row) => row.actorId);
  const [staff, members, partners, funds, roles] = await Promise.all([
    staffUserNames(db, [...actorIds('staff'), ...idsOf(rows, 'users')]),
    memberNames(db, actorIds('member')),
    partnerNames(db, [...actorIds('partner'), ...idsOf(rows, 'partners')]),
    fundNamesByIds(db, idsOf(rows, 'funds')),
    describeRolesById(db, [...new Set([...idsOf(rows, 'roles'), ...roleIdsOf(rows)])]),
  ]);
  return { staff, members, partners, funds, roles: new Map(roles.map((role) => [role.id, role.name])) };
}

/**
 * The actor by name: a staff user's name (else the email kept at the time), a member's name, a
 * partner's name, or the system with what it was (`The system (fast-track)`).
 */
function actorName(row: AuditRow, names: Names): string {
  const id = row.actorId;
  switch (row.actorType) {
    case 'staff':
      return (id !== null ? names.staff.get(id) : undefined) ?? row.actorLabel ?? `Staff user ${id ?? 'unknown'}`;
    case 'member':
      return `${(id !== null ? names.members.get(id) : undefined) ?? `Member account ${id ?? 'unknown'}`} (member)`;
    case 'partner':
      return `${(id !== null ? names.partners.get(id) : undefined) ?? row.actorLabel ?? `Partner ${id ?? 'unknown'}`} (partner)`;
    default:
      return row.actorLabel ? `The system (${row.actorLabel})` : 'The system';
  }
}

/** The name of a staff user, partner, fund or role the event is about, as it is now. */
function lookedUpName(row: AuditRow, names: Names): string | undefined {
  const id = numericId(row.entityId);
  if (id === null) return undefined;
  const byType = new Map([
    ['users', names.staff],
    ['partners', names.partners],
    ['funds', names.funds],
    ['roles', names.roles],
  ]);
  return byType.get(row.entityType)?.get(id);
}

/** A name the event itself keeps of its record (a created or deleted one): its name, title or question. */
function keptName(row: AuditRow): string | undefined {
  for (const side of [row.after, row.before]) {
    for (const key of ['name', 'title', 'question']) if (typeof side?.[key] === 'string') return side[key] as string;
  }
  return undefined;
}

/** ` (R 12 480,50)` when the event carries the record's amount (`amountCents`, or `grossAmount` as written), else nothing. */
function amountOf(row: AuditRow): string {
  const cents = row.after?.amountCents ?? row.before?.amountCents;
  if (typeof cents === 'number') return ` (${formatRand(cents)})`;
  const written = row.after?.grossAmount ?? row.before?.grossAmount;
  return typeof written === 'string' ? ` (${written})` : '';
}

/** The record in words: `claim 1042 (R 12 480,50)`, `fund “Demo Retirement Fund”`, `staff user “Thandi Mokoena”`, `a fee`. */
function recordWords(row: AuditRow, names: Names): string {
  const noun = recordNoun(row.entityType);
  if (row.entityId === null) return `a ${noun}`;
  const name = lookedUpName(row, names) ?? keptName(row);
  if (name) return `${noun} “${name}”`;
  return `${noun} ${row.entityId}${amountOf(row)}`;
}

/** The sentence of a failed staff sign-in: who was tried and why, never what was typed as secret. */
function failedSignIn(row: AuditRow, names: Names): string {
  const reason = typeof row.after?.reason === 'string' ? ` (${row.after.reason.replaceAll('_', ' ')})` : '';
  const known = row.actorId !== null ? names.staff.get(row.actorId) : undefined;
  if (known) return `${known} failed to sign in${reason}`;
  return `Someone failed to sign in as ${row.actorLabel ?? 'an unknown user'}${reason}`;
}

/** Role ids as the roles' names (`3, 5` -> `Reviewer, Finance`). */
function withRoleNames(field: string, value: unknown, names: Names): unknown {
  if (field !== 'roleIds' || !Array.isArray(value)) return value;
  return value.map((id) => (typeof id === 'number' ? (names.roles.get(id) ?? `role ${id}`) : id));
}

/** The changed fields with their labels and formatted values, in the order the event keeps them. */
function changesOf(row: AuditRow, names: Names): AuditChangeResponse[] {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({
    field,
    label: fieldLabel(row.entityType, field),
    before: formatValue(field, withRoleNames(field, before[field], names), row.entityType),
    after: formatValue(field, withRoleNames(field, after[field], names), row.entityType),
  }));
}

function describe(row: AuditRow, names: Names): AuditEventResponse {
  const actor = actorName(row, names);
  const summary =
    row.action === 'staff.sign_in_failed'
      ? failedSignIn(row, names)
      : `${actor} ${actionPhrase(row.action, {
          record: recordWords(row, names),
          before: row.before ?? {},
          after: row.after ?? {},
        })}`;
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor: { type: row.actorType, id: row.actorId, label: row.actorLabel, name: actor },
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: capitalise(summary),
    changes: changesOf(row, names),
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    chainSeq: row.chainSeq,
  };
}

/**
 * Audit events in words (issue 36 item 5), for the office's log, each record's trail and the
 * export: the sentence ("Thandi Mokoena approved claim 1042 (R 12 480,50)"), the actor by name and
 * each changed field with its label and values as people read them (`audit-words.ts`). Names come
 * from their domains' services, looked up once per call for all of `rows`; a record or actor gone
 * since reads by what the event kept of it (a staff user's email, a record's name) or its id.
 */
export async function describeAuditEvents(db: Database, rows: readonly AuditRow[]): Promise<AuditEventResponse[]> {
  if (rows.length === 0) return [];
  const names = await lookUpNames(db, rows);
  return rows.map((row) => describe(row, names));
}
