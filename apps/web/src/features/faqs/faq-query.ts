import { useState } from 'react';
import { useSearchParams } from 'wouter';

/** Query-string names the FAQ dialog reads (spec 2: optional fundId and benefitId); `faq=open` opens it. */
export const FAQ_QUERY = { fundId: 'fundId', benefitId: 'benefitId', open: 'faq' } as const;

function positiveId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The dialog's optional `fundId` and `benefitId` from the query string (anything else: null). */
export function readFaqQuery(search: URLSearchParams): { fundId: number | null; benefitId: number | null } {
  return { fundId: positiveId(search.get(FAQ_QUERY.fundId)), benefitId: positiveId(search.get(FAQ_QUERY.benefitId)) };
}

/**
 * Whether the FAQ dialog is open: opened by the FAQ's tab (`open`) or by a link that adds `faq=open`
 * with the fund and benefit to the query (e.g. "Questions?" on the claim steps); `close` clears both.
 */
export function useFaqDialog() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [openedByTab, setOpenedByTab] = useState(false);
  const openedByLink = searchParams.get(FAQ_QUERY.open) === 'open';
  return {
    opened: openedByTab || openedByLink,
    open: () => setOpenedByTab(true),
    close: () => {
      setOpenedByTab(false);
      if (openedByLink) {
        setSearchParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.delete(FAQ_QUERY.open);
            return next;
          },
          { replace: true },
        );
      }
    },
    /** Opens the dialog about a fund and benefit (adds them to the query string). */
    openAbout: (about: { fundId: number; benefitId: number }) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set(FAQ_QUERY.fundId, String(about.fundId));
        next.set(FAQ_QUERY.benefitId, String(about.benefitId));
        next.set(FAQ_QUERY.open, 'open');
        return next;
      }),
  };
}
