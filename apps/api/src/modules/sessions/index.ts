/**
 * The sessions module's public face: session storage (create, rotate, revoke, resolve a token).
 * It sits below `users` and `auth`, so `users` can end a user's sessions without importing `auth`.
 */
export {
  createSession,
  findPrincipal,
  REFRESH_GRACE_MS,
  type RotateResult,
  revokeSession,
  revokeSessionsOfUsers,
  revokeUserSessions,
  rotateRefreshToken,
  SESSION_LIFETIME_MS,
  type TokenPair,
  usersWithLiveSessions,
} from './sessions-repository';
