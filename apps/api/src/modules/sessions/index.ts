import type { PultModule } from '../../pult-module';
import { sessionsRoutes } from './sessions-routes';

/**
 * The sessions module's public face: session storage (create, rotate, revoke, resolve a token) and
 * the caller's own list of sessions. It sits below `users` and `auth`, so `users` can end a user's
 * sessions without importing `auth`; it reads only `settings` (the idle time-out).
 */
export { staffIdleSince } from './idle';
export { SESSION_CACHE_TTL_MS, SESSIONS_CHANNEL, SessionCache, sessionsChanged } from './session-cache';
export {
  createSession,
  findPrincipal,
  LAST_SEEN_PRECISION_MS,
  REFRESH_GRACE_MS,
  type RotateResult,
  revokeSession,
  revokeSessionsOfUsers,
  revokeUserSessions,
  rotateRefreshToken,
  SESSION_LIFETIME_MS,
  type SessionPrincipal,
  STAFF_SESSION_LIFETIME_MS,
  type TokenPair,
  touchSession,
  usersWithLiveSessions,
} from './sessions-repository';
export { steppedUpUntil, stepUpRepository } from './step-up';

export const sessionsModule: PultModule = { name: 'sessions', routes: [sessionsRoutes] };
