import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../config/paths';
import { getSelectedBenefit, selectBenefitById, storedSelectedBenefitId } from '../features/benefits/selected-benefit';
import { loadPersonUser, logout } from '../lib/session';
import { getApiToken, getVerified, sessionSnapshot } from '../lib/session-store';
import { decideNavigation } from './guard';

/** Spec 4: the steps route with no selected benefit but a `benefitId` query loads that benefit; after a reload, the one selected before. */
function benefitToLoad(path: string, search: string): number | undefined {
  const benefitPage = path === paths.steps() || path === paths.claimDetails();
  if (!benefitPage || !sessionSnapshot().personUser || getSelectedBenefit()) return undefined;
  const queried = Number(new URLSearchParams(search).get('benefitId'));
  return path === paths.steps() && Number.isInteger(queried) && queried > 0 ? queried : storedSelectedBenefitId();
}

function decide(path: string) {
  const user = sessionSnapshot().personUser;
  return decideNavigation(path, {
    hasUser: user !== null,
    iidentifiiVerified: user?.iidentifiiVerified === true,
    verified: getVerified(),
  });
}

/** Whether showing `path` needs work first: loading the person user or a benefit, a logout or a redirect. */
function needsWork(path: string, search: string): boolean {
  if (!sessionSnapshot().personUser && getApiToken()) return true;
  const decision = decide(path);
  if (decision.logout || (decision.redirect && decision.redirect !== path)) return true;
  return benefitToLoad(path, search) !== undefined;
}

/**
 * The navigation guard (spec section 4), run on every navigation before the page shows: loads the
 * person user if missing (when a token is stored), applies `decideNavigation` (logging out and
 * redirecting where it says), and loads the selected benefit for the benefit pages. Returns the app
 * path to show: the new one once it is cleared, the previous one while the checks run (null before
 * the first page is cleared). Resolves to a redirect target (replacing the entry) instead when the
 * rules say so.
 */
export function useNavigationGuard(): string | null {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const key = `${path}?${search}`;
  const [cleared, setCleared] = useState<{ key: string; path: string } | null>(null);
  const pending = cleared?.key !== key;
  const quick = pending && !needsWork(path, search);
  // Nothing to wait for: cleared in this render (React's "state from the previous render" pattern).
  if (quick) setCleared({ key, path });

  useEffect(() => {
    if (!pending || quick) return;
    let current = true;
    (async () => {
      if (!sessionSnapshot().personUser && getApiToken()) await loadPersonUser();
      const decision = decide(path);
      if (decision.logout) await logout();
      if (!current) return;
      if (decision.redirect && decision.redirect !== path) {
        navigate(decision.redirect, { replace: true });
        return;
      }
      const benefitId = benefitToLoad(path, search);
      if (benefitId !== undefined) await selectBenefitById(benefitId);
      if (current) setCleared({ key, path });
    })();
    return () => {
      current = false;
    };
  }, [pending, quick, key, path, search, navigate]);

  return quick ? path : (cleared?.path ?? null);
}
