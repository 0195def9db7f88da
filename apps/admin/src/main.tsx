import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
// The keyboard focus ring on every element, the sign-in pages' too (issue 38 item 1).
import './app/focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app/app';
import { AppProvider } from './app/provider';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <Router base="/admin">
        <App />
      </Router>
    </AppProvider>
  </StrictMode>,
);
