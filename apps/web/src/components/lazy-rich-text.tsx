import { lazy, Suspense } from 'react';
import { withAllStyles } from '../lib/all-styles';

const LoadedRichText = lazy(() =>
  withAllStyles(import('./rich-text')).then((module) => ({ default: module.RichText })),
);

/**
 * `RichText` (sanitized rich text, `./rich-text`) for the app shell's toasts, with the sanitizer
 * (DOMPurify) loaded the first time one is shown instead of on the first page load (issue 14 item 7).
 * Shows nothing for the moment it loads.
 */
export function RichText(props: { html: string }) {
  return (
    <Suspense fallback={null}>
      <LoadedRichText html={props.html} />
    </Suspense>
  );
}
