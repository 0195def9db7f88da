import { type AdminPersonResponse, type AdminPersonUpdateRequest, PERSON_ADMIN_MESSAGES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findPersonWithAccount } from '../../queries/staff-person.js';
import { findBenefitPersonId } from '../benefits/index.js';
import { type PersonRow, updatePersonDetails } from './persons.repository.js';

/** The person a benefit belongs to (benefits' `findBenefitPersonId`; import it from benefits/index.js). */
export { findBenefitPersonId };

function toAdminPersonResponse(row: PersonRow, hasAccount: boolean): AdminPersonResponse {
  return {
    id: row.id,
    idNumber: row.idNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    email: row.email,
    phoneNumber: row.phoneNumber,
    hasAccount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadPerson(db: Database, personId: number): Promise<{ row: PersonRow; hasAccount: boolean }> {
  const found = await findPersonWithAccount(db, personId);
  if (!found) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.personNotFound);
  return found;
}

/**
 * `GET /api/v1/benefits/{id}/person` (issue 18): the benefit's person with the full ID number and
 * contact details; the view is audited (`persons.viewed`, with the benefit).
 * @throws AppError `not_found` (404)
 */
export async function getBenefitPersonForStaff(
  db: Database,
  benefitId: number,
  context: AuditContext,
): Promise<AdminPersonResponse> {
  const { row, hasAccount } = await loadPerson(db, await findBenefitPersonId(db, benefitId));
  await recordAudit(db, {
    ...context,
    action: 'persons.viewed',
    entityType: 'persons',
    entityId: row.id,
    after: { benefitId },
  });
  return toAdminPersonResponse(row, hasAccount);
}

/**
 * `PATCH /api/v1/benefits/update/person/{id}` (issue 18): corrects a person's names and contact
 * details (the fund data; `null` clears a contact detail), with the reason, audited
 * (`persons.corrected`, before and after). The member account's own sign-in email and phone stay
 * the member's (decision 025).
 * @throws AppError `not_found` (404)
 */
export async function updatePersonForStaff(
  db: Database,
  personId: number,
  request: AdminPersonUpdateRequest,
  context: AuditContext,
): Promise<AdminPersonResponse> {
  const { reason, ...changes } = request;
  return db.transaction(async (tx) => {
    const { row: before, hasAccount } = await loadPerson(tx, personId);
    const set = {
      ...(changes.firstName === undefined ? {} : { firstName: changes.firstName }),
      ...(changes.lastName === undefined ? {} : { lastName: changes.lastName }),
      ...(changes.email === undefined ? {} : { email: changes.email }),
      ...(changes.phoneNumber === undefined ? {} : { phoneNumber: changes.phoneNumber }),
    };
    const after = await updatePersonDetails(tx, personId, set);
    if (!after) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.personNotFound);
    const fields = (row: PersonRow) => ({
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phoneNumber: row.phoneNumber,
    });
    await recordAudit(tx, {
      ...context,
      action: 'persons.corrected',
      entityType: 'persons',
      entityId: personId,
      before: { ...fields(before), reason: null },
      after: { ...fields(after), reason },
    });
    return toAdminPersonResponse(after, hasAccount);
  });
}
