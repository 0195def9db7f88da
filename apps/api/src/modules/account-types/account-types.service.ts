import {
  ACCOUNT_TYPE_MESSAGES,
  type AccountTypeResponse,
  BANK_ACCOUNT_TYPES,
  type CreateAccountTypeRequest,
  type FormMetadataResponse,
  formField,
  type ListQuery,
  type ListResponse,
  type UpdateAccountTypeRequest,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { countBankAccountsOfType } from '../person-banks/index.js';
import {
  type AccountTypeRecord,
  accountTypeCodeExists,
  activeAccountTypeExists,
  deleteAccountTypeRow,
  insertAccountType,
  pageAccountTypes,
  selectAccountType,
  updateAccountTypeRow,
} from './account-types.repository.js';

const isBuiltIn = (code: string) => (BANK_ACCOUNT_TYPES as readonly string[]).includes(code);

function toResponse(row: AccountTypeRecord): AccountTypeResponse {
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    active: row.active,
    builtIn: isBuiltIn(row.code),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const auditFields = (type: AccountTypeResponse) => ({ code: type.code, label: type.label, active: type.active });

async function findAccountType(db: Database, id: number): Promise<AccountTypeRecord> {
  const row = await selectAccountType(db, id);
  if (!row) throw new AppError('not_found', ACCOUNT_TYPE_MESSAGES.notFound);
  return row;
}

/** Whether a code is an active account type (members' bank accounts may use only those). */
export async function isActiveAccountType(db: Database, code: string): Promise<boolean> {
  return activeAccountTypeExists(db, code);
}

/** Account types in the list envelope (spec 7 `GET account_types`): `filter[active]`; `q` searches code and label. */
export async function listAccountTypes(
  db: Database,
  query: ListQuery<'id' | 'code' | 'label', { active?: boolean | undefined }>,
): Promise<ListResponse<AccountTypeResponse>> {
  return pageAccountTypes(db, query, toResponse);
}

/**
 * One account type (spec 7 `GET account_types/{id}`).
 * @throws AppError `not_found` (404)
 */
export async function getAccountType(db: Database, id: number): Promise<AccountTypeResponse> {
  return toResponse(await findAccountType(db, id));
}

/**
 * Creates an account type (spec 7 `POST account_types`); audited `account-types.created`.
 * @throws AppError `validation` (422) code in use
 */
export async function createAccountType(
  db: Database,
  input: z.output<typeof CreateAccountTypeRequest>,
  context: AuditContext,
): Promise<AccountTypeResponse> {
  if (await accountTypeCodeExists(db, input.code)) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { code: [ACCOUNT_TYPE_MESSAGES.codeTaken] });
  }
  return db.transaction(async (tx) => {
    const row = await insertAccountType(tx, { code: input.code, label: input.label, active: input.active ?? true });
    const response = toResponse(row);
    await recordAudit(tx, {
      ...context,
      action: 'account-types.created',
      entityType: 'account-types',
      entityId: row.id,
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Changes an account type's label or active flag (spec 7 `PATCH account_types/{id}`); the code
 * stays. Audited `account-types.updated`.
 * @throws AppError `not_found` (404)
 */
export async function updateAccountType(
  db: Database,
  id: number,
  input: z.output<typeof UpdateAccountTypeRequest>,
  context: AuditContext,
): Promise<AccountTypeResponse> {
  const before = toResponse(await findAccountType(db, id));
  return db.transaction(async (tx) => {
    const row = await updateAccountTypeRow(tx, id, { label: input.label, active: input.active });
    if (!row) throw new AppError('not_found', ACCOUNT_TYPE_MESSAGES.notFound);
    const response = toResponse(row);
    await recordAudit(tx, {
      ...context,
      action: 'account-types.updated',
      entityType: 'account-types',
      entityId: id,
      before: auditFields(before),
      after: auditFields(response),
    });
    return response;
  });
}

/**
 * Deletes an account type no bank account uses and the member app does not know (spec 7
 * `DELETE account_types/{id}`); audited `account-types.deleted`.
 * @throws AppError `not_found` (404); `conflict` (409) built in (CHEQUE, SAVINGS, TRANSMISSION) or in use
 */
export async function deleteAccountType(db: Database, id: number, context: AuditContext): Promise<void> {
  const row = await findAccountType(db, id);
  if (isBuiltIn(row.code)) throw new AppError('conflict', ACCOUNT_TYPE_MESSAGES.builtIn);
  const used = await countBankAccountsOfType(db, row.code);
  if (used > 0) throw new AppError('conflict', ACCOUNT_TYPE_MESSAGES.inUse(used));
  await db.transaction(async (tx) => {
    await deleteAccountTypeRow(tx, id);
    await recordAudit(tx, {
      ...context,
      action: 'account-types.deleted',
      entityType: 'account-types',
      entityId: id,
      before: auditFields(toResponse(row)),
    });
  });
}

/**
 * The account type form (spec 7 `GET account_types/create`, `GET account_types/{id}/edit`): the
 * code is given once (read-only when editing).
 * @throws AppError `not_found` (404) for `{id}/edit` of an unknown type
 */
export async function accountTypeForm(db: Database, id?: number): Promise<FormMetadataResponse> {
  const editing = id === undefined ? undefined : await findAccountType(db, id);
  return {
    fields: [
      formField({
        name: 'code',
        label: 'Code',
        type: 'text',
        required: true,
        maxLength: 30,
        readOnly: Boolean(editing),
      }),
      formField({ name: 'label', label: 'Label', type: 'text', required: true, maxLength: 80 }),
      formField({ name: 'active', label: 'Offered when a bank account is added', type: 'checkbox' }),
    ],
    values: editing
      ? { code: editing.code, label: editing.label, active: editing.active }
      : { code: '', label: '', active: true },
  };
}
