import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
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

// The member's language (decision 036) is ready before the first render: no English flash.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
