import { lazy, Suspense, useState } from 'react';
import { withAllStyles } from '../../../lib/all-styles';

/** Starts loading the terms dialog's code and Mantine's whole stylesheet (e.g. when the pointer or focus reaches its link). */
export const preloadTermsDialog = () => withAllStyles(import('./terms-dialog'));

const LoadedTermsDialog = lazy(() => preloadTermsDialog().then((module) => ({ default: module.TermsDialog })));

/**
 * The terms dialog (`./terms-dialog`), loaded the first time it opens: until then it renders
 * nothing; once opened it stays mounted, so closing animates and gives focus back as before.
 */
export function LazyTermsDialog(props: { opened: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedTermsDialog {...props} />
    </Suspense>
  );
}
