import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { preloadLayout } from './app/screens';
import { StartupGate } from './app/startup-gate';
import './app/styles.css';
import { reloadAgreementsOnUserChange } from './features/agreements/api/reload-agreements-on-user-change';
import { reloadPlansOnUserChange } from './features/subscriptions/api/reload-plans-on-user-change';
import { onSignedOut } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { sessionNotice } from './lib/session-notice';
import { sessionStore } from './lib/session-store';
import { themeStore } from './lib/theme-store';

// An old service worker would serve stale bundles after a deploy; remove any on start.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
  .catch(() => undefined);

// Cached server state belongs to the user who fetched it; a refused session is explained on the login form.
onSignedOut((reason) => {
  queryClient.clear();
  if (reason === 'expired') sessionNotice.set('auth.signIn.sessionEnded');
});
// A new signed-in user gets the plan descriptions and the agreements loaded again (another user may see other ones).
reloadPlansOnUserChange(sessionStore, queryClient);
reloadAgreementsOnUserChange(sessionStore, queryClient);

// A signed-in page load needs the staff layout: fetch it alongside the language instead of after it.
if (sessionStore.get() && window.location.pathname.startsWith('/app')) preloadLayout();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <StartupGate>
          <RouterProvider router={createRouter()} />
        </StartupGate>
      </AppProviders>
    </StrictMode>,
  );

// The chosen language's bundle is downloaded first, so no screen draws raw keys; if it fails, draw anyway.
void initI18n(themeStore.get().locale).finally(render);
