import { RULE_MESSAGES, tooLongMessage } from './messages.js';

/**
 * The longest string any request may carry in any field (characters), whatever its schema says: a
 * backstop under the per-field limits (templates and FAQ answers, the longest fields, take 20,000).
 */
export const ANY_STRING_MAX_LENGTH = 100_000;

/** A field of a request that breaks a rule every string obeys, and the message for it. */
export interface HostileStringIssue {
  /** Where it is: property names and array indexes from the top of the value. */
  path: (string | number)[];
  message: string;
}

/**
 * Finds the strings (values and object keys) in a parsed request part (body, query, path
 * parameters) that no field accepts (issue 13 items 2 and 3): a NUL character ('Must not contain a
 * NUL character.'; PostgreSQL cannot store one) or more than `ANY_STRING_MAX_LENGTH` characters.
 * Walks iteratively, so however deep the value nests it cannot overflow the stack. Answers at
 * most `limit` issues (default 20).
 */
export function findHostileStrings(value: unknown, limit = 20): HostileStringIssue[] {
  const issues: HostileStringIssue[] = [];
  // Each entry links to its parent, so the path is built only for an issue (a deep value costs
  // linear time, not a copy of its path at every level).
  const pending: Visit[] = [{ value, key: undefined, parent: undefined }];
  while (pending.length > 0 && issues.length < limit) {
    const visit = pending.pop() as Visit;
    const message = typeof visit.value === 'string' ? stringIssue(visit.value) : undefined;
    if (message) issues.push({ path: pathOf(visit), message });
    if (visit.value === null || typeof visit.value !== 'object') continue;
    if (Array.isArray(visit.value)) {
      visit.value.forEach((entry, index) => {
        pending.push({ value: entry, key: index, parent: visit });
      });
      continue;
    }
    for (const [key, entry] of Object.entries(visit.value)) {
      const child: Visit = { value: entry, key, parent: visit };
      const keyMessage = stringIssue(key);
      if (keyMessage) issues.push({ path: pathOf(child), message: keyMessage });
      pending.push(child);
    }
  }
  return issues.slice(0, limit);
}

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

function stringIssue(text: string): string | undefined {
  if (text.length > ANY_STRING_MAX_LENGTH) return tooLongMessage(ANY_STRING_MAX_LENGTH);
  if (text.includes('\u0000')) return RULE_MESSAGES.nulCharacter;
  return undefined;
}
