import { isStaffRole, type SessionUser, type SigninBody } from '@pult/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiError, apiClient, isApiError } from '../../../lib/api-client';
import { sessionStore, toStoredSession } from '../../../lib/session-store';

/** Why a sign-in did not go through, as a translation key plus its values. */
export interface SignInFailure {
  key: string;
  values?: Record<string, string | number>;
}

/** Thrown when the API accepts the password but the role may not use the back office (seed §5). */
export class ForbiddenRoleError extends Error {
  constructor() {
    super('forbidden role');
    this.name = 'ForbiddenRoleError';
  }
}

/** Seed §8 catalogue plus the rate limit and the blocked account of product.md §5. */
export const describeSignInError = (error: unknown): SignInFailure => {
  if (error instanceof ForbiddenRoleError) return { key: 'auth.errors.forbiddenRole' };
  if (!isApiError(error)) return { key: 'auth.errors.network' };
  switch (error.status) {
    case 400:
    case 401:
      return { key: 'auth.errors.wrongCredentials' };
    case 403:
      return { key: 'auth.errors.blocked' };
    case 429:
      return error.retryAfter
        ? { key: 'auth.errors.tooManyAttempts', values: { seconds: Math.ceil(error.retryAfter) } }
        : { key: 'auth.errors.tooManyAttemptsLater' };
    default:
      return { key: 'auth.errors.unknown' };
  }
};

export const signIn = async (body: SigninBody): Promise<SessionUser> => {
  const session = await apiClient.request<SessionUser>('/users/signin', { method: 'POST', body, auth: false });
  if (!isStaffRole(session.role)) {
    // The API let a planner user in; end that session at once so no token is left alive.
    await apiClient.request('/users/signout', { method: 'POST', token: session.apiToken }).catch(() => undefined);
    throw new ForbiddenRoleError();
  }
  sessionStore.set(toStoredSession(session, Date.now()));
  return session;
};

export const useSignIn = () =>
  useMutation<SessionUser, ApiError | ForbiddenRoleError | Error, SigninBody>({ mutationFn: signIn });
