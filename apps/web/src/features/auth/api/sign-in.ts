import { isStaffRole, type MfaChallenge, type SessionUser, type SigninBody } from '@pult/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-client';
import { describeError, errorCodeOf } from '../../../lib/describe-error';
import { sessionStore, toStoredSession } from '../../../lib/session-store';

/** Thrown when the API accepts the password but the role may not use the back office (staff only). */
export class ForbiddenRoleError extends Error {
  constructor() {
    super('forbidden role');
    this.name = 'ForbiddenRoleError';
  }
}

/**
 * The sign-in form's wording where it says more than the generic text: a blocked account is told
 * whom to ask, a malformed request reads as wrong credentials (it is one, to the person typing).
 */
const SIGN_IN_WORDING = {
  VALIDATION_FAILED: 'auth.errors.wrongCredentials',
  ACCOUNT_BLOCKED: 'auth.errors.blocked',
  RATE_LIMITED: 'auth.errors.tooManyAttemptsLater',
  network: 'auth.errors.network',
} as const;

/** One sentence for a failed sign-in; the rate limit says how long to wait when the server told. */
export const describeSignInError = (error: unknown, t: TFunction): string => {
  if (error instanceof ForbiddenRoleError) return t('auth.errors.forbiddenRole');
  if (errorCodeOf(error) === 'RATE_LIMITED' && isApiError(error) && error.retryAfter)
    return t('auth.errors.tooManyAttempts', { seconds: Math.ceil(error.retryAfter) });
  return describeError(error, t, SIGN_IN_WORDING);
};

/** Keeps a session the API answered: staff only (a planner user's session is ended at once). */
export const acceptSession = async (session: SessionUser): Promise<SessionUser> => {
  if (!isStaffRole(session.role)) {
    // The API let a planner user in; end that session at once so no token is left alive.
    await api.auth.signout({}, { token: session.apiToken }).catch(() => undefined);
    throw new ForbiddenRoleError();
  }
  sessionStore.set(toStoredSession(session, Date.now()));
  return session;
};

/** The password step: a session, or the challenge a second factor must answer (docs/decisions/0035). */
export const signIn = async (body: SigninBody): Promise<MfaChallenge | null> => {
  const answer = await api.auth.signin({ body });
  if ('mfaRequired' in answer) return answer;
  await acceptSession(answer);
  return null;
};

/**
 * The sign-in form's call: pending while it runs, the failure kept for the form to word, and the
 * challenge when the password was right but a code must follow. Plain state, not a query-library
 * mutation: the login page loads neither TanStack Query nor antd (docs/decisions/0022).
 */
export const useSignIn = () => {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const submit = async (body: SigninBody) => {
    setPending(true);
    setError(null);
    try {
      setChallenge(await signIn(body));
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  /** Back to the password: the challenge expired or the person wants another account. */
  const restart = (failure: unknown = null) => {
    setChallenge(null);
    setError(failure);
  };
  return { submit, isPending, error, challenge, restart };
};
