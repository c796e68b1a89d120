import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('Sapa: the #root element is missing from index.html');

const queryClient = createQueryClient();
const router = createAppRouter();

// The first render waits for the active language's strings (a chunk fetched while the entry evaluates),
// so no screen shows a bare key.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
