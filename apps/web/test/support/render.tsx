import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AppProvider } from '../../src/app/provider.js';

/**
 * Renders `ui` inside the app's own providers (theme, notices, data fetching), as the app does,
 * and returns Testing Library's queries plus a `user` (user-event) to click and type with.
 */
export function renderInApp(ui: ReactElement) {
  const user = userEvent.setup();
  return { user, ...render(<AppProvider>{ui}</AppProvider>) };
}
