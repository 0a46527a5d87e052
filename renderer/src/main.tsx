import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createClient } from './api/client.ts';
import { ClientProvider } from './api/context.tsx';
import { isRetryable } from './api/errors.ts';
import { App } from './App.tsx';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 401 or 404 will not heal by itself: show it at once instead of after three retries.
      retry: (failures, error) => isRetryable(error) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

const info = createClient();

// In the desktop window the main process announces writes; refetch what is shown. (Later
// issues narrow this to the queries reading the changed tables.)
window.erp?.onEvent((event) => {
  if (event.name === 'data.changed') void queryClient.invalidateQueries();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ClientProvider value={info}>
        <App />
      </ClientProvider>
    </QueryClientProvider>
  </StrictMode>,
);
