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
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { hasRows } from '../../db/has-rows.js';
import { accountTypes, personBankAccounts } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPage, orderBy, searchCondition } from '../../platform/lists/list-page.js';

type AccountTypeRecord = typeof accountTypes.$inferSelect;

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
  const [row] = await db.select().from(accountTypes).where(eq(accountTypes.id, id));
  if (!row) throw new AppError('not_found', ACCOUNT_TYPE_MESSAGES.notFound);
  return row;
}

/** Whether a code is an active account type (members' bank accounts may use only those). */
export async function isActiveAccountType(db: Database, code: string): Promise<boolean> {
  return hasRows(db, accountTypes, and(eq(accountTypes.code, code), eq(accountTypes.active, true)));
}

/** Account types in the list envelope (spec 7 `GET account_types`): `filter[active]`; `q` searches code and label. */
export async function listAccountTypes(
  db: Database,
  query: ListQuery<'id' | 'code' | 'label', { active?: boolean | undefined }>,
): Promise<ListResponse<AccountTypeResponse>> {
  const active = query.filter?.active;
  const where: SQL | undefined = and(
    active === undefined ? undefined : eq(accountTypes.active, active),
    searchCondition(query.q, [accountTypes.code, accountTypes.label]),
  );
  const columns = { id: accountTypes.id, code: accountTypes.code, label: accountTypes.label };
  return listPage(query, {
    rows: (window) =>
      db
        .select()
        .from(accountTypes)
        .where(where)
        .orderBy(...orderBy(query.sort, columns, accountTypes.id))
        .limit(window.limit)
        .offset(window.offset),
    count: async () => db.$count(accountTypes, where),
    toItem: toResponse,
  });
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
  if (await hasRows(db, accountTypes, eq(accountTypes.code, input.code))) {
    throw new AppError('validation', VALIDATION_FAILED_MESSAGE, { code: [ACCOUNT_TYPE_MESSAGES.codeTaken] });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accountTypes)
      .values({ code: input.code, label: input.label, active: input.active ?? true })
      .returning();
    if (!row) throw new Error('insert returned no row');
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
    const [row] = await tx
      .update(accountTypes)
      .set({
        ...(input.label === undefined ? {} : { label: input.label }),
        ...(input.active === undefined ? {} : { active: input.active }),
        updatedAt: new Date(),
      })
      .where(eq(accountTypes.id, id))
      .returning();
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
  const used = await db.$count(personBankAccounts, eq(personBankAccounts.accountType, row.code as never));
  if (used > 0) throw new AppError('conflict', ACCOUNT_TYPE_MESSAGES.inUse(used));
  await db.transaction(async (tx) => {
    await tx.delete(accountTypes).where(eq(accountTypes.id, id));
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
