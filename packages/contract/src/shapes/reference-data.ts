import { z } from 'zod';
import { zRequiredString } from '../rules/zod-rules.js';
import { cursorListResponse, listQuery, listResponse, zCursor, zQueryBoolean, zQueryId } from './lists.js';

/** Messages of the account type calls (issue 8 "Reference lists"). */
export const ACCOUNT_TYPE_MESSAGES = {
  notFound: 'No such account type.',
  code: 'Use 2 to 30 capital letters, digits or _, starting with a letter (e.g. CHEQUE).',
  codeTaken: 'An account type with this code exists.',
  builtIn: 'Members choose this account type in the app, so it cannot be deleted. Deactivate it instead.',
  inUse: (count: number) => `${count} bank account(s) use this type, so it cannot be deleted. Deactivate it instead.`,
} as const;

/** A bank account type (spec 7 `account_types*`): a code the app sends and what people read. */
export const AccountTypeResponse = z
  .object({
    id: z.number().int(),
    /** e.g. `CHEQUE`; cannot change once created. */
    code: z.string(),
    label: z.string(),
    /** Offered when a bank account is added. */
    active: z.boolean(),
    /** One of the codes the member app knows (CHEQUE, SAVINGS, TRANSMISSION): never deleted. */
    builtIn: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AccountTypeResponse' });
export type AccountTypeResponse = z.infer<typeof AccountTypeResponse>;

/** `POST /api/v1/account_types`. */
export const CreateAccountTypeRequest = z
  .object({
    code: zRequiredString(40)
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z][A-Z0-9_]{1,29}$/, ACCOUNT_TYPE_MESSAGES.code)),
    label: zRequiredString(80),
    active: z.boolean().optional(),
  })
  .meta({ id: 'CreateAccountTypeRequest' });
export type CreateAccountTypeRequest = z.input<typeof CreateAccountTypeRequest>;

/** `PATCH /api/v1/account_types/{id}`: label and active (the code stays). */
export const UpdateAccountTypeRequest = z
  .object({ label: zRequiredString(80).optional(), active: z.boolean().optional() })
  .meta({ id: 'UpdateAccountTypeRequest' });
export type UpdateAccountTypeRequest = z.input<typeof UpdateAccountTypeRequest>;

export const AccountTypeListQuery = listQuery({
  sort: ['id', 'code', 'label'],
  defaultSort: [{ field: 'label', direction: 'asc' }],
  filter: { active: zQueryBoolean().optional() },
});
export const AccountTypeListResponse = listResponse(AccountTypeResponse).meta({ id: 'AccountTypeListResponse' });

/**
 * A bank account recorded for a person (spec 7 `historic-accounts`), read-only. The number is
 * always masked (`******7890`): the back office never sees a full account number here.
 */
export const HistoricAccountResponse = z
  .object({
    id: z.number().int(),
    person: z.object({
      id: z.number().int(),
      personUserId: z.number().int(),
      name: z.string(),
      /** `750314*****85`. */
      idNumberMasked: z.string(),
    }),
    bank: z.object({ id: z.number().int(), name: z.string(), universalBranchCode: z.string() }),
    accountType: z.string(),
    accountNumberMasked: z.string(),
    holderName: z.string(),
    /** Where it was recorded: `member` (given by the member for a claim). */
    source: z.enum(['member']),
    /** The member removed it; kept for the claims paid into it. */
    removed: z.boolean(),
    recordedAt: z.string(),
  })
  .meta({ id: 'HistoricAccountResponse' });
export type HistoricAccountResponse = z.infer<typeof HistoricAccountResponse>;

/**
 * `GET historic-accounts`: newest first (`sort=id:asc` for oldest), by cursor (decision 016;
 * issue 15 item 5: no OFFSET or count over the four-table join). Ids follow the recording order.
 */
export const HistoricAccountListQuery = listQuery({
  sort: ['id'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: {
    personId: zQueryId().optional(),
    personUserId: zQueryId().optional(),
    bankId: zQueryId().optional(),
    accountType: z.string().max(30).optional(),
    removed: zQueryBoolean().optional(),
    last4: z
      .string()
      .regex(/^\d{4}$/, 'Give the last 4 digits.')
      .optional(),
  },
}).extend({ cursor: zCursor() });
export type HistoricAccountListQuery = z.output<typeof HistoricAccountListQuery>;

export const HistoricAccountListResponse = cursorListResponse(HistoricAccountResponse).meta({
  id: 'HistoricAccountListResponse',
});
