import { type ReactNode, useEffect, useState } from 'react';
import { LoadingCover } from '../components/loading-cover';
import { checkSession } from '../features/auth';
import { sessionStore } from '../lib/session-store';

// One check per page load, even when StrictMode mounts the gate twice.
let startupCheck: Promise<void> | null = null;

/** Holds the app behind a loading cover until the start-up session check is done, so no screen flashes for a dead session. */
export const StartupGate = ({ children }: { children: ReactNode }) => {
  const [ready, setReady] = useState(() => !sessionStore.get());

  useEffect(() => {
    if (ready) return;
    startupCheck ??= checkSession();
    let active = true;
    void startupCheck.finally(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, [ready]);

  return ready ? children : <LoadingCover />;
};
