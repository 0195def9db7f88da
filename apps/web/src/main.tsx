import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installLeaveQuestion } from './app/leave-question';
// Before the first render: the member's language (decision 036).
import './i18n';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Before the router mounts, so Back/Forward moves that ask (spec 4) are seen first.
installLeaveQuestion();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
