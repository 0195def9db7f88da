import { z } from 'zod';
import { RULE_MESSAGES } from '../rules/messages.js';
import { zRequiredString } from '../rules/zod-rules.js';
import { LIST_LIMITS } from './lists.js';

/** How many records of each kind the global search answers at most (issue 38 item 2). */
export const GLOBAL_SEARCH_LIMIT = 5;

/**
 * `GET /api/v1/search?q=` (issue 38 item 2): one term, 1 to 100 characters (checked before any
 * pattern runs; 422 'Field is required' when empty or blank, 'Must be at most 100 characters.'
 * when longer; a NUL character is refused as everywhere). The server reads it as an ID number
 * (13 digits, exact), a member number (exact), a surname (prefix, any case), a claim number
 * (`1042`, `#1042`, `Claim 1042`), an invoice number (`INV-000042`, any case) or part of an
 * upload's file name.
 */
export const GlobalSearchQuery = z.object({
  q: zRequiredString(LIST_LIMITS.maxSearchLength)
    .trim()
    .min(1, { error: RULE_MESSAGES.required })
    .describe('ID number, member number, surname, claim number, invoice number or file name'),
});
export type GlobalSearchQuery = z.infer<typeof GlobalSearchQuery>;

/**
 * One record found: its id, what it is called (`label`) and a line about it in words
 * (`description`: never a bare code, never a full ID number).
 */
export const GlobalSearchHit = z.object({
  /** The record's id: the claim's, invoice's or upload's; the person's for persons. */
  id: z.number().int(),
  /** `Claim 1042`, `INV-000042`, `members-nov.csv`, `Thandi Mokoena`. */
  label: z.string(),
  /** `Thandi Mokoena · Demo Retirement Fund · In review`. */
  description: z.string(),
});
export type GlobalSearchHit = z.infer<typeof GlobalSearchHit>;

/** A person found, with the benefit whose page opens them (`/persons/{benefitId}`) and the ID number masked. */
export const GlobalSearchPersonHit = GlobalSearchHit.extend({
  benefitId: z.number().int(),
  /** `*********5087`: only the last 4 digits. */
  idNumberMasked: z.string(),
});
export type GlobalSearchPersonHit = z.infer<typeof GlobalSearchPersonHit>;

/** The first `GLOBAL_SEARCH_LIMIT` records of one kind, and whether there are more (a preview, not a page). */
function searchGroup<T extends z.ZodType>(hit: T) {
  return z.object({ items: z.array(hit), more: z.boolean() }).nullable();
}

/**
 * What the global search found, by kind, each kind null when the caller may not see it: `persons`
 * needs `benefits.read` and `persons.read` (the list's and the person page's permissions),
 * `claims` `benefits.read` and `claims.read`, `invoices` `invoices.read`, `uploads`
 * `file-uploads.read`. Pages open at `/persons/{benefitId}`, `/claims/{id}`, `/invoices/{id}`,
 * `/uploads/{id}`.
 */
export const GlobalSearchResponse = z
  .object({
    /** The term as searched (trimmed), an ID number in it masked (`*********5087`). */
    q: z.string(),
    persons: searchGroup(GlobalSearchPersonHit),
    claims: searchGroup(GlobalSearchHit),
    invoices: searchGroup(GlobalSearchHit),
    uploads: searchGroup(GlobalSearchHit),
  })
  .meta({ id: 'GlobalSearchResponse' });
export type GlobalSearchResponse = z.infer<typeof GlobalSearchResponse>;

/** The kinds of record the global search finds, in the order it shows them. */
export const GLOBAL_SEARCH_KINDS = ['persons', 'claims', 'invoices', 'uploads'] as const;
export type GlobalSearchKind = (typeof GLOBAL_SEARCH_KINDS)[number];
