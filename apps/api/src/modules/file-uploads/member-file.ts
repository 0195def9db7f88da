/**
 * The member file a fund delivers: one row per benefit, CSV with a header row.
 * Amounts are rand with a dot and up to two decimals (`12480.50`).
 */
export const MEMBER_FILE_COLUMNS = [
  'id_number',
  'first_name',
  'last_name',
  'member_number',
  'email',
  'phone_number',
  'benefit_type',
  'amount',
] as const;

export type MemberFileColumn = (typeof MEMBER_FILE_COLUMNS)[number];
export type MemberFileRow = Record<MemberFileColumn, string>;
