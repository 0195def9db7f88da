import { type ComponentType, lazy, Suspense, useState } from 'react';
import { withAllStyles } from '../../lib/all-styles';

/**
 * A dialog loaded the first time it opens (issue 14 item 7): until then it renders nothing and its
 * code (and what only it uses: rich text sanitizing, forms, dates) stays out of the first load.
 * Once opened it stays mounted, so closing animates as before. `load` gives the real component,
 * rendered inside TanStack Query's provider (`lib/with-queries`, loaded with it), once Mantine's whole
 * stylesheet is applied (`lib/all-styles`, decision 076).
 */
function loadedOnFirstOpen<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => {
    const [component, { withQueries }] = await Promise.all([withAllStyles(load()), import('../../lib/with-queries')]);
    return { default: withQueries(component) };
  });
  return function DeferredDialog(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

/** The FAQ dialog (spec 8, `features/faqs`), loaded when first opened. */
export const FaqDialog = loadedOnFirstOpen(() =>
  import('../../features/faqs/components/faq-dialog').then((module) => module.FaqDialog),
);

/** The activities dialog (spec 3, `features/notifications`), loaded when first opened. */
export const NotificationsDialog = loadedOnFirstOpen(() =>
  import('../../features/notifications/components/notifications-dialog').then((module) => module.NotificationsDialog),
);

/** The notification settings dialog (`features/account`), loaded when first opened. */
export const NotificationSettingsDialog = loadedOnFirstOpen(() =>
  import('../../features/account/components/notification-settings-dialog').then(
    (module) => module.NotificationSettingsDialog,
  ),
);

/** The yes/no question (`components/confirm-dialog`: logout, leaving the claim), loaded when first opened. */
export const ConfirmDialog = loadedOnFirstOpen(() =>
  import('../../components/confirm-dialog').then((module) => module.ConfirmDialog),
);
