import { lazy, Suspense, useEffect, useState } from 'react';
import { apiClient } from '../../lib/api-client';
import { usePublicConfig } from '../../lib/resources/public-config';
import { lastRequestAt } from '../../lib/session-activity';

/** How early the warning comes (issue 31: a minute before the idle end). */
const WARN_MS = 60_000;
/**
 * The server writes a session's last request at most once a minute (decision 0035), so it may count
 * the idle time from up to a minute before this browser's last request: the end is reckoned that early.
 */
const SERVER_PRECISION_MS = 60_000;
const TICK_MS = 1_000;

/** The dialog (antd's Modal) arrives with the first warning, not with the frame (docs/decisions/0040). */
const IdleDialog = lazy(() => import('./idle-dialog'));

/**
 * «Сеанс скоро завершится»: a minute before the server's idle time-out would end the session, a dialog
 * with «Остаться в системе» (one request, which is activity); at the end the session is forgotten here
 * and the sign-in page says why.
 */
export const IdleWarning = () => {
  const idleMinutes = usePublicConfig().data?.sessionIdleMinutes;
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  useEffect(() => {
    if (!idleMinutes) return;
    const mountedAt = Date.now();
    const tick = () => {
      const now = Date.now();
      // The page's own load asked the API for its data: it counts as a request too.
      const end = Math.max(lastRequestAt() ?? 0, mountedAt) + idleMinutes * 60_000 - SERVER_PRECISION_MS;
      if (now >= end) {
        apiClient.signOutIdle();
        return;
      }
      setSecondsLeft(end - now <= WARN_MS ? Math.ceil((end - now) / 1000) : null);
    };
    tick();
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [idleMinutes]);

  if (secondsLeft === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleDialog secondsLeft={secondsLeft} onStayed={() => setSecondsLeft(null)} />
    </Suspense>
  );
};
