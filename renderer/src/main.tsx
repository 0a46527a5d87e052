import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import '@mantine/charts/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { createClient } from './api/client.ts';
import { isRetryable } from './api/errors.ts';
import { setupI18n } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.ts';
import { App } from './App.tsx';
import { loadDesktopPreferences } from './app/stores/preference-storage.ts';
import { useUiStore } from './app/stores/ui.ts';
import { useTablePrefs } from './components/data-table/prefs-store.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 401 or 404 will not heal by itself: show it at once instead of after three retries.
      retry: (failures, error) => isRetryable(error) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// First: takes the admin token out of the address bar (?token=) before the router reads it.
const client = createClient();
const i18n = setupI18n();
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const mount = root;

// The desktop window's preferences come from the main process: read them, then render in them.
// (Core events refresh the screens through useLiveInvalidation, under the shell.)
void loadDesktopPreferences()
  .then(() => Promise.all([useUiStore.persist.rehydrate(), useTablePrefs.persist.rehydrate()]))
  .catch(() => undefined)
  .finally(() => {
    createRoot(mount).render(
      <StrictMode>
        <AppProviders queryClient={queryClient} client={client} i18n={i18n}>
          <App router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
