import { z } from 'zod';
import { forgotPasswordBody, refreshTokenBody, resetPasswordBody, sessionUser, signinBody } from '../auth';
import { okResponse, roles } from '../common';
import { defineEndpoint } from '../endpoint';
import { mfaChallenge, mfaTokenBody, signinMfaBody, signinMfaResult, totpEnrolment } from '../mfa';
import { signinPasskeyBody, webauthnOptions } from '../passkeys';
import { user } from '../users';

/** The sign-in family: sessions with a short access token and a rotating refresh token. */
export const authEndpoints = {
  signin: defineEndpoint({
    method: 'POST',
    path: '/users/signin',
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password',
    description:
      'Answers the user and a token pair. A wrong e-mail or password is one answer (401 INVALID_CREDENTIALS), ' +
      'so it does not reveal which e-mails exist; a blocked account is 403 ACCOUNT_BLOCKED; too many ' +
      'failures are 429 RATE_LIMITED with Retry-After. An account with a second factor (or one the policy ' +
      'requires to enrol) gets `{ mfaRequired, mfaToken, methods, enrolmentRequired }` and no token: ' +
      'the session comes from `POST /users/signin/mfa`.',
    tag: 'auth',
    access: 'public',
    body: signinBody,
    response: z.union([sessionUser, mfaChallenge]),
    errors: [401, 403, 429],
  }),
  signinMfa: defineEndpoint({
    method: 'POST',
    path: '/users/signin/mfa',
    operationId: 'signInSecondFactor',
    summary: 'Finish a sign-in with a TOTP or recovery code',
    description:
      'Answers like a plain sign-in. The mfaToken lives 5 minutes and works once (401 MFA_TOKEN_INVALID); a wrong ' +
      'code is 401 MFA_CODE_INVALID and counts against the sign-in limits (429). When the sign-in enrolled an ' +
      'authenticator (`enrolmentRequired`), the code confirms it and the answer carries the recovery codes.',
    tag: 'auth',
    access: 'public',
    body: signinMfaBody,
    response: signinMfaResult,
    errors: [401, 403, 429],
  }),
  signinEnrolTotp: defineEndpoint({
    method: 'POST',
    path: '/users/signin/mfa/totp',
    operationId: 'signInEnrolTotp',
    summary: 'Enrol an authenticator during a sign-in the policy stopped',
    description: 'Only for an mfaToken whose account has no factor yet (401 MFA_TOKEN_INVALID otherwise).',
    tag: 'auth',
    access: 'public',
    body: mfaTokenBody,
    response: totpEnrolment,
    errors: [401, 429],
  }),
  signinPasskeyOptions: defineEndpoint({
    method: 'POST',
    path: '/users/signin/mfa/passkey/options',
    operationId: 'signInPasskeyOptions',
    summary: 'The challenge for signing in with a passkey',
    description:
      'For an mfaToken whose account has a passkey (`methods` includes `webauthn`): answers the options for ' +
      '`navigator.credentials.get()`, naming that account’s passkeys. Asking again replaces the challenge.',
    tag: 'auth',
    access: 'public',
    body: mfaTokenBody,
    response: webauthnOptions,
    errors: [401, 409, 429],
  }),
  signinPasskey: defineEndpoint({
    method: 'POST',
    path: '/users/signin/mfa/passkey',
    operationId: 'signInWithPasskey',
    summary: 'Finish a sign-in with a passkey',
    description:
      'Answers like a plain sign-in. A signature that does not verify (another challenge, origin or passkey, a ' +
      'counter that went back) is 401 PASSKEY_INVALID and counts against the sign-in limits, as a wrong code does.',
    tag: 'auth',
    access: 'public',
    body: signinPasskeyBody,
    response: signinMfaResult,
    errors: [401, 403, 429],
  }),
  refreshToken: defineEndpoint({
    method: 'PATCH',
    path: '/users/refresh-token',
    operationId: 'refreshToken',
    summary: 'Exchange a refresh token for a new token pair',
    description:
      'A refresh token works once. Presenting a used one revokes the whole session (it leaked or is replayed); ' +
      'any refusal is 401 REFRESH_TOKEN_INVALID.',
    tag: 'auth',
    access: 'public',
    body: refreshTokenBody,
    response: sessionUser,
    errors: [401],
  }),
  signout: defineEndpoint({
    method: 'POST',
    path: '/users/signout',
    operationId: 'signOut',
    summary: 'End the current session',
    description: 'Any signed-in role may end its own session, including a plain user the SPA turns away.',
    tag: 'auth',
    access: roles,
    response: okResponse,
    errors: [],
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/users/me',
    operationId: 'getMe',
    summary: 'The signed-in user',
    tag: 'auth',
    access: roles,
    response: user,
    errors: [],
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/users/forgot-password',
    operationId: 'forgotPassword',
    summary: 'Mail a one-hour password reset link',
    description: 'Always `{ ok: true }`, so the form does not reveal which e-mails have accounts.',
    tag: 'auth',
    access: 'public',
    body: forgotPasswordBody,
    response: okResponse,
    errors: [429],
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/users/reset-password',
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link',
    description:
      'Spends the link and ends every session of the account. An unknown, used or expired link is 400 RESET_TOKEN_INVALID.',
    tag: 'auth',
    access: 'public',
    body: resetPasswordBody,
    response: okResponse,
    errors: [400],
  }),
};
