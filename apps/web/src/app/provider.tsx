import { TOAST_TIMEOUT_MS } from '@bcp/contract';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './notices.module.css';
import { cssVariablesResolver, themeWith } from './theme';
import { ToastContainer } from './toast-container';

/** Below Mantine's md breakpoint (62em) a notice at the top right reaches over the page's heading. */
const NARROW_QUERY = '(max-width: 61.99em)';

/**
 * Theme (its labels in the app's language) and notices (top right, default toast 5000 ms, spec section 9) for the whole
 * app. On a phone or narrow window one notice shows at a time (the next waits its turn), over the top
 * bar, so live updates arriving together do not stack down over the page's heading (issue 14 item 6).
 * Data fetching (TanStack Query) is around the pages and dialogs that use it (`lib/with-queries`).
 */
export function AppProvider(props: { children: ReactNode }) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const { t } = useTranslation();
  const theme = useMemo(() => themeWith({ closeNotice: t('theme.closeNotice'), close: t('theme.close') }), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ToastContainer
        position="top-right"
        autoClose={TOAST_TIMEOUT_MS.default}
        limit={narrow ? 1 : 5}
        classNames={{ root: classes.root }}
      />
      {props.children}
    </MantineProvider>
  );
}
