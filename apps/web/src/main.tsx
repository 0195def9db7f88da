import './styles/mantine-first-load.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { installLeaveQuestion } from './app/leave-question';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { i18nReady } from './i18n';
import './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Before the router mounts, so Back/Forward moves that ask (spec 4) are seen first.
installLeaveQuestion();

// The member's language (decision 036) is ready before the first render: no English flash. The
// first render is a transition: React renders it in slices of about 5 ms with the browser free in
// between, not as one long task (issue 40 item 2, decision 073); the page is the same.
void i18nReady.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
});
