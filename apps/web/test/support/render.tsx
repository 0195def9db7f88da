import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AppProvider } from '../../src/app/provider.js';
import { WithQueries } from '../../src/lib/with-queries.js';

/**
 * Renders `ui` inside the app's own providers (theme, notices, data fetching), as the app renders
 * its pages and dialogs,
 * and returns Testing Library's queries plus a `user` (user-event) to click and type with.
 */
export function renderInApp(ui: ReactElement) {
  const user = userEvent.setup();
  return {
    user,
    ...render(
      <AppProvider>
        <WithQueries>{ui}</WithQueries>
      </AppProvider>,
    ),
  };
}
