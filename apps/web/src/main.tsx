import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter, routes } from './app/router';
import { StartupGate } from './app/startup-gate';
import type { LazyScreenComponent } from './components/lazy-screen';
import './app/styles.css';
import { onSignedOut } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { sessionNotice } from './lib/session-notice';
import { sessionStore } from './lib/session-store';
import { themeStore } from './lib/theme-store';

// An old service worker would serve stale bundles after a deploy; remove any on start.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
  .catch(() => undefined);

// A refused session is explained on the login form. (The server-state cache is cleared by its own
// chunk, app/ui-providers.tsx, which the login page does not load.)
onSignedOut((reason) => {
  if (reason === 'expired') sessionNotice.set('auth.signIn.sessionEnded');
  if (reason === 'idle') sessionNotice.set('auth.signIn.sessionIdle');
});

// The screens of the address being opened (and the staff layout around them) start downloading now,
// alongside the language and the session check, instead of one after the other once the router renders.
// Only where the visitor will stay: a signed-out visit to /app goes to the login page instead.
if (Boolean(sessionStore.get()) === window.location.pathname.startsWith('/app/')) {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    (match.route.Component as Partial<LazyScreenComponent> | null | undefined)?.preload?.();
  }
}

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
