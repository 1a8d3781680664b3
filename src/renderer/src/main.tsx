import '#shared/zod-config.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/client';
import { App } from './App';
import { DISPLAY_PAGE } from '#shared/schemas/customer-display.js';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { lazyScreen } from './lazy-screen';
import { session } from './session';
import './styles.css';

// The customer display's own code (and its QR library) is loaded only on that page.
const DisplayApp = lazyScreen(() => import('./display/DisplayApp').then((m) => m.DisplayApp));

const queries = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change by asking again; an unreachable service may come back.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: true,
    },
  },
});

// Whatever ends a session (logging out, a token the service refuses), the next operator sees none
// of its data: subscribed before React is, so the cache is empty before the login screen renders.
session.subscribe(() => {
  if (!session.token()) queries.clear();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      {/* The customer display is this same page at /display (served by the service for a tablet or a second screen). */}
      {window.location.pathname === DISPLAY_PAGE ? (
        // Its own background while its code loads: no white flash on the screen facing the customer.
        <ScreenErrorBoundary>
          <Suspense fallback={<main className="display" />}>
            <DisplayApp />
          </Suspense>
        </ScreenErrorBoundary>
      ) : (
        <App />
      )}
    </QueryClientProvider>
  </StrictMode>,
);
